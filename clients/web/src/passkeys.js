// Signing in with a passkey (WebAuthn): "Add a passkey" keeps one of this player in the
// device's authenticator (POST /api/players/{player}/passkeys/options, then the
// credential to POST /api/players/{player}/passkeys, with the tab's token); "Sign in with
// a passkey", on any device whose authenticator holds it (synced, or a phone's), makes
// this browser that player (POST /api/passkeys/options, then the assertion to POST
// /api/passkeys): the token it answers is kept as the app keeps its own (session.js) and
// the player's games open. The options and credentials cross as JSON
// (PublicKeyCredential.parse…FromJSON, toJSON()). Browsers without WebAuthn get no buttons.
// Below them, the player's passkeys (GET /api/players/{player}/passkeys): each one's name,
// when it was added and last signed in, and "Remove" (DELETE …/passkeys/{id}), for a
// lost phone or a device given away: a passkey removed signs nobody in again.

import { h } from "./dom.js";
import { t } from "./i18n/index.js";
import { relative } from "./my_games.js";
import { adopt, storedName } from "./session.js";

const post = (url, body, token) =>
  fetch(url, { method: "POST", headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body ?? {}) });

async function add(client) {
  const where = `api/players/${encodeURIComponent(client.player)}/passkeys`;
  const asked = await post(`${where}/options`, { name: storedName() }, client.token);
  if (!asked.ok) throw new Error(`HTTP ${asked.status}`);
  const made = await navigator.credentials.create({ publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(await asked.json()) });
  const kept = await post(where, made.toJSON(), client.token);
  if (kept.status !== 201) throw new Error(`HTTP ${kept.status}`);
}

async function signIn() {
  const asked = await post("api/passkeys/options");
  if (!asked.ok) throw new Error(`HTTP ${asked.status}`);
  const proof = await navigator.credentials.get({ publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(await asked.json()) });
  const res = await post("api/passkeys", proof.toJSON());
  if (!res.ok) throw new Error(`HTTP ${res.status}`);
  adopt(await res.json());
  history.replaceState(null, "", "#/games"); // their games, on a connection made with their token
  location.reload();
}

/** The player's passkeys as the node lists them, each with a button that removes it;
 * `reload` reads them again (after one is added). */
function keptList(client, said) {
  const where = `api/players/${encodeURIComponent(client.player)}/passkeys`;
  const auth = { Authorization: `Bearer ${client.token}` };
  const list = h("ul", { id: "passkey-list", class: "passkey-list", "aria-label": t("passkey.list_label"), hidden: true });
  const ago = (ms) => relative(ms - Date.now());
  const item = (k) => {
    const name = k.name || t("passkey.unnamed");
    const remove = h("button", { type: "button", class: "passkey-remove", "aria-label": t("passkey.remove_label", { name }) }, t("passkey.remove"));
    remove.addEventListener("click", async () => {
      remove.disabled = true;
      const res = await fetch(`${where}/${encodeURIComponent(k.id)}`, { method: "DELETE", headers: auth }).catch(() => null);
      said.textContent = res?.ok || res?.status === 404 ? t("passkey.removed") : t("passkey.failed");
      await reload();
    });
    return h("li", { "data-passkey": k.id },
      h("span", { class: "passkey-name" }, name), " ",
      h("span", { class: "hint" }, t("passkey.added_at", { when: ago(k.made) }), ", ",
        k.used ? t("passkey.used_at", { when: ago(k.used) }) : t("passkey.never_used")), " ",
      remove);
  };
  const reload = async () => {
    const res = await fetch(where, { headers: auth }).catch(() => null);
    if (!res?.ok) return;
    const { passkeys } = await res.json();
    list.replaceChildren(...passkeys.map(item));
    list.hidden = passkeys.length === 0;
  };
  reload();
  return { list, reload };
}

/** The passkey buttons of the lobby's "Use on another device" panel (null without WebAuthn). */
export function passkeyRow(client) {
  if (!globalThis.PublicKeyCredential?.parseCreationOptionsFromJSON) return null;
  const said = h("p", { id: "passkey-said", class: "hint", "aria-live": "polite" });
  const kept = keptList(client, said);
  const act = (what, done) => async (e) => {
    e.currentTarget.disabled = true;
    const button = e.currentTarget;
    try {
      await what();
      said.textContent = done;
      await kept.reload();
    } catch {
      said.textContent = t("passkey.failed");
    } finally {
      button.disabled = false;
    }
  };
  return h("div", { class: "passkeys" },
    h("p", { class: "hint" }, t("passkey.explain")),
    h("button", { type: "button", id: "passkey-add", onclick: act(() => add(client), t("passkey.added")) }, t("passkey.add")), " ",
    h("button", { type: "button", id: "passkey-sign-in", onclick: act(signIn, "") }, t("passkey.sign_in")),
    said, kept.list);
}
