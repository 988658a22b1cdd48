// The test build's entry (`npm run build:test`, into test/dist; tests/web serves it): the
// product app, with High Card's renderer added first (highcard.js). vite.config.js puts
// this module in place of src/main.js in index.html for `--mode test`.

import "./highcard.js";
import "../../src/main.js";
