export const feast = {};
