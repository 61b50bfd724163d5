import { Router } from 'express';
import { PERMISSIONS } from '../../shared/auth/scopes';
import type { SigningKey } from './signing-keys';

/** The endpoints an issuer URL leads to; `issuer` may carry a path, so they are appended, not resolved. */
export function identityEndpoints(issuer: string): {
  tokenEndpoint: string;
  jwksUri: string;
  authorizationEndpoint: string;
  registrationEndpoint: string;
} {
  const base = issuer.replace(/\/+$/, '');
  return {
    tokenEndpoint: `${base}/oauth/token`,
    jwksUri: `${base}/.well-known/jwks.json`,
    authorizationEndpoint: `${base}/oauth/authorize`,
    registrationEndpoint: `${base}/oauth/register`,
  };
}

/**
 * The JWKS and the provider metadata. The metadata is served both where OAuth clients look (RFC 8414) and
 * where OIDC-minded libraries look, with the same content.
 */
export function discoveryRouter(signingKey: SigningKey, issuer: string): Router {
  const { tokenEndpoint, jwksUri, authorizationEndpoint, registrationEndpoint } = identityEndpoints(issuer);
  const metadata = {
    issuer,
    authorization_endpoint: authorizationEndpoint,
    token_endpoint: tokenEndpoint,
    registration_endpoint: registrationEndpoint,
    jwks_uri: jwksUri,
    response_types_supported: ['code'],
    grant_types_supported: ['client_credentials', 'authorization_code'],
    code_challenge_methods_supported: ['S256'],
    // App passwords authenticate with their secret; clients registered for the code flow are public (PKCE).
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
    authorization_response_iss_parameter_supported: true,
    scopes_supported: ['read', 'write', ...PERMISSIONS],
  };
  const router = Router();
  router.get('/.well-known/jwks.json', (_req, res) => {
    // Verifiers cache keys; five minutes keeps a future key rotation quick to pick up.
    res.set('Cache-Control', 'public, max-age=300').json({ keys: [signingKey.publicJwk] });
  });
  for (const path of ['/.well-known/openid-configuration', '/.well-known/oauth-authorization-server']) {
    router.get(path, (_req, res) => {
      res.set('Cache-Control', 'public, max-age=300').json(metadata);
    });
  }
  return router;
}
