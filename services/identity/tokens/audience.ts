import type { IdentitySettings } from '../config';
import { invalidTarget } from './oauth-error';

/**
 * The audience of a token (RFC 8707): the requested resource when it is one this provider serves, the
 * default audience (the REST API) without one. A resource is compared exactly, as the resource server's
 * verifier will compare `aud`; an unknown one is `invalid_target`, never silently the default.
 */
export function audienceFor(
  settings: Pick<IdentitySettings, 'audience' | 'resources'>,
  resource: string | undefined,
): string {
  if (resource === undefined) return settings.audience;
  if (!settings.resources.includes(resource)) throw invalidTarget();
  return resource;
}
