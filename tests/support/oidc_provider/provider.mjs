// A real OpenID provider for the tests (panva's oidc-provider, a certified implementation), on
// http://127.0.0.1:<port>. Its dev interactions sign anyone in as the account id typed as the login,
// whatever the password; each account's claims come from OIDC_ACCOUNTS.
//
//   OIDC_PORT=4000 OIDC_CLIENT='{"client_id":..,"client_secret":..,"redirect_uris":[..]}' \
//   OIDC_ACCOUNTS='{"ann":{"email":"ann@example.com","email_verified":true}}' node provider.mjs
// Any other login is its own address (verified) when it has an @, else one at unknown.example.
import Provider from "oidc-provider";

const port = Number(process.env.OIDC_PORT);
const client = JSON.parse(process.env.OIDC_CLIENT);
const accounts = JSON.parse(process.env.OIDC_ACCOUNTS ?? "{}");

const provider = new Provider(`http://127.0.0.1:${port}`, {
  clients: [
    {
      ...client,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
    },
  ],
  pkce: { required: () => true },
  claims: { openid: ["sub"], email: ["email", "email_verified"] },
  // The claims in the ID token itself, as Google's and Entra's are, not only at the userinfo endpoint.
  conformIdTokenClaims: false,
  cookies: { keys: ["test-oidc-provider-cookie-key"] },
  features: { devInteractions: { enabled: true } },
  async findAccount(ctx, id) {
    // A login that is an address is that address, verified: the browser tests sign in as the staff they add.
    const known = accounts[id] ?? { email: id.includes("@") ? id : `${id}@unknown.example`, email_verified: true };
    return { accountId: id, async claims() { return { sub: id, ...known }; } };
  },
  // Every scope granted at once: no consent screen between the login and the callback.
  async loadExistingGrant(ctx) {
    const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope("openid email");
    await grant.save();
    return grant;
  },
});

provider.listen(port, "127.0.0.1", () => console.log(`oidc-provider listening on ${port}`));
