export const hunters = {};
