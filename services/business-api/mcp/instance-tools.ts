import { z } from 'zod';
import { listSites } from '../../../shared/storefront-config/site-store';
import { readProfile } from '../tenant-settings/profile-store';
import { listInstances, setDefaultInstance } from './instances';
import { instanceOf, type StorefrontToolDeps } from './storefront-deps';
import { defineTool, ToolError, type AnyTool } from './tool-registry';

/** Choosing the instance and discovery (spec/storefront-api.md, "Configuration tools"). */
export function instanceTools(deps: StorefrontToolDeps): AnyTool[] {
  const { db } = deps;
  const user = (subject: string) => ({ issuer: deps.issuer, subject });
  return [
    defineTool({
      name: 'list_instances',
      title: 'Your instances',
      input: z.strictObject({}),
      description:
        'The instances (business-system tenants) you may configure, and which one is your default: the ' +
        'configuration tools act on it.',
      run: async ({ auth }) => ({ instances: await listInstances(db, user(auth.userId), auth) }),
    }),
    defineTool({
      name: 'set_default_instance',
      title: 'Choose your default instance',
      writes: true,
      input: z.object({ instanceId: z.number().int().positive().describe('An instanceId from list_instances.') }),
      description: 'Stores the instance the configuration tools act on for you (kept per user across sessions).',
      run: async ({ auth, args }) => {
        if (!(await setDefaultInstance(db, user(auth.userId), auth, args.instanceId)))
          throw new ToolError(`Instance ${args.instanceId} is not one of yours (see list_instances).`);
        return { defaultInstanceId: args.instanceId };
      },
    }),
    defineTool({
      name: 'get_company_profile',
      title: 'Company profile',
      input: z.strictObject({}),
      description: "The default instance's company profile (as GET /api/v1/tenant-settings/company-profile).",
      run: async ({ auth }) => readProfile(db, await instanceOf(deps, auth)),
    }),
    defineTool({
      name: 'list_storefront_sites',
      title: 'Storefront sites',
      input: z.strictObject({}),
      description: "The default instance's storefront sites: id, code, name, published version and market codes.",
      run: async ({ auth }) => ({
        sites: (await listSites(db, await instanceOf(deps, auth))).map((s) => ({
          siteId: s.id,
          code: s.draft.site.code,
          name: s.draft.site.name,
          active: s.draft.site.active,
          publishedVersion: s.publishedVersion,
          markets: s.draft.markets.map((m) => m.code),
        })),
      }),
    }),
  ];
}
