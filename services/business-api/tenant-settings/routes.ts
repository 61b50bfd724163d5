import { z } from 'zod';
import { traceIdOf } from '../../../shared/http/request-context';
import { authOf } from '../auth/auth-context';
import { requirePermission } from '../auth/require-permission';
import { ErrorMessageError } from '../http/error-message-error';
import { errorEnvelopeSchema, errorMessageBodySchema } from '../openapi/common-schemas';
import { anyRoute, defineRoute } from '../openapi/api-route';
import type { ResourceDeps } from '../resource-deps';
import { patchCompanyProfile } from './profile-patch';
import { readProfile } from './profile-store';
import { readVatConfiguration } from './vat-queries';
import {
  companyProfileChangeResultDto,
  companyProfileDto,
  companyProfileUpdateDto,
  companyProfileWriteFailedDto,
  vatConfigurationDto,
} from './schemas';

const TAG = 'Settings';
const WRITE_FAILED =
  'The company profile could not be saved completely; the lists show what is stored now. Retrying is safe.';

export const tenantSettingsRoutes = ({ db }: ResourceDeps) => [
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/tenant-settings/company-profile',
      operationId: 'getCompanyProfile',
      summary: "The company's own profile: names, address, contact, bank and defaults",
      tag: TAG,
      responses: { 200: { description: 'The company profile', schema: companyProfileDto } },
      handler: async (req, res) => {
        res.json(await readProfile(db, authOf(req).tenantId));
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'patch',
      path: '/tenant-settings/company-profile',
      operationId: 'patchCompanyProfile',
      summary: 'Change fields of the company profile (needs onboarding_company)',
      tag: TAG,
      body: companyProfileUpdateDto,
      // "body CompanyProfileUpdateDto (or null)": unlike the other write bodies it is not required; none means no
      // change.
      optionalBody: true,
      guards: [requirePermission('onboarding_company', (message) => new ErrorMessageError(403, message))],
      responses: {
        200: { description: 'Fields changed, already correct, and not saved', schema: companyProfileChangeResultDto },
        400: { description: 'A field failed validation; nothing was stored', schema: errorMessageBodySchema },
        403: {
          description: 'Missing onboarding_company ({error}), or a read-only key (ErrorEnvelope)',
          schema: z.union([errorMessageBodySchema, errorEnvelopeSchema]),
        },
        500: {
          description: 'The write failed or was partly applied (lists read back from storage), or another server error',
          schema: z.union([companyProfileWriteFailedDto, errorEnvelopeSchema]),
        },
      },
      handler: async (req, res) => {
        const outcome = await patchCompanyProfile(db, authOf(req).tenantId, req.body);
        if (outcome.ok) {
          res.json({ ...outcome.groups, profile: outcome.profile });
          return;
        }
        req.log.error({ err: outcome.cause }, 'company profile write failed');
        res.status(500).json({ error: WRITE_FAILED, traceId: traceIdOf(req), ...outcome.groups });
      },
    }),
  ),
  anyRoute(
    defineRoute({
      method: 'get',
      path: '/tenant-settings/vat-configuration',
      operationId: 'getVatConfiguration',
      summary: 'VAT registration, reporting period, VAT codes and VAT types',
      tag: TAG,
      responses: { 200: { description: 'The VAT configuration', schema: vatConfigurationDto } },
      handler: async (req, res) => {
        res.json(await readVatConfiguration(db, authOf(req).tenantId));
      },
    }),
  ),
];
