import { Router } from 'express';
import { PERMISSIONS } from '../../../shared/auth/scopes';

/** Where RFC 9728 puts a resource's metadata: the well-known prefix, then the resource's path. */
export function resourceMetadataUrls(resourceUrl: string): { root: string; suffixed: string } {
  const url = new URL(resourceUrl);
  const root = `${url.origin}/.well-known/oauth-protected-resource`;
  const path = url.pathname.replace(/\/+$/, '');
  return { root, suffixed: path ? `${root}${path}` : root };
}

/** The RFC 9728 document of the tool server: what it is and which authorization server issues its tokens. */
export function protectedResourceMetadata(resourceUrl: string, authorizationServers: readonly string[]) {
  return {
    resource: resourceUrl,
    authorization_servers: [...authorizationServers],
    bearer_methods_supported: ['header'],
    scopes_supported: ['read', 'write', ...PERMISSIONS],
    resource_name: 'Aisle business-data tool server',
  };
}

/** The `WWW-Authenticate` value of a 401 at /mcp (RFC 9728 §5.1); `invalid` adds RFC 6750's error for a bad token. */
export function bearerChallenge(resourceUrl: string, invalid: boolean): string {
  const metadata = resourceMetadataUrls(resourceUrl).suffixed;
  return `Bearer resource_metadata="${metadata}"${invalid ? ', error="invalid_token"' : ''}`;
}

/** Serves the metadata at the well-known root and at its `/mcp`-suffixed form (clients try both). */
export function protectedResourceRouter(resourceUrl: string, authorizationServers: readonly string[]): Router {
  const router = Router();
  const body = protectedResourceMetadata(resourceUrl, authorizationServers);
  const { root, suffixed } = resourceMetadataUrls(resourceUrl);
  for (const path of new Set([new URL(root).pathname, new URL(suffixed).pathname])) {
    router.get(path, (_req, res) => {
      // Browser-based clients (the inspector's UI) read it cross-origin; it is public.
      res.set({ 'Cache-Control': 'public, max-age=300', 'Access-Control-Allow-Origin': '*' }).json(body);
    });
  }
  return router;
}
