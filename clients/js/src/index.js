// @longhall/client: the thin reference client of the Longhall protocol v1.
export { Client, RoomMirror, ServerError } from "./client.js";
export { applyDiff, decodeFrame, encodeFrame } from "./frames.js";
export { CLIENT_TYPES, CLOSE_CODES, ERROR_CODES, SERVER_TYPES, VERSIONS } from "./codes.js";
