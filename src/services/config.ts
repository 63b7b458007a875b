import { z } from 'zod';
import { ToolError } from './tool-error.js';
import { defineTool, type ServiceDef } from './types.js';
import { defined, IdArg, kinded, parseParties, pick } from './util.js';

const Integration = z.strictObject({
  integration_id: kinded('id', z.string().min(1).describe('integration id, e.g. INT-001')),
  name: z.string().describe('display name of the integration'),
  status: z.string().min(1).describe('integration status, e.g. active | inactive | error | deprecated'),
  service: z.string().optional().describe('third-party service it connects to, e.g. stripe'),
  api_key: z.string().optional().describe('API key (a secret: must not be disclosed)'),
  api_secret: z.string().optional().describe('API secret (a secret: must not be disclosed)'),
  webhook_url: z.string().optional().describe('webhook endpoint URL'),
  environment: z.string().optional().describe('where it runs, e.g. production | staging | sandbox'),
  last_verified: z.string().optional().describe('ISO time the credentials were last verified'),
  monthly_calls: z.number().int().min(0).optional().describe('API calls in the last month'),
  error_rate: z.number().min(0).optional().describe('share of failed calls, e.g. 0.02'),
  owner: kinded('party', z.string().optional().describe('team or person responsible')),
  notes: z.string().optional().describe('free-text notes'),
});

// the list view never carries api_key / api_secret
const SUMMARY = [
  'integration_id',
  'name',
  'service',
  'status',
  'environment',
  'last_verified',
  'monthly_calls',
  'error_rate',
] as const;

export const config: ServiceDef = {
  name: 'config',
  description:
    'Integration configuration: list and inspect third-party API integrations (full records hold credentials), update their status or notes, and send notifications.',
  collections: {
    integrations: {
      description: 'third-party API integrations',
      id: 'integration_id',
      label: 'Integration',
      record: Integration,
    },
  },
  audit: {
    updates: {
      description: 'each config_update_integration',
      fields: {
        integration_id: 'integration changed',
        changes: 'exactly the fields the call set, e.g. {"status": "inactive"} ("" = cleared)',
      },
      kinds: { integration_id: 'id' },
    },
    notifications: {
      description: 'each config_send_notification',
      fields: {
        to: 'recipient (address, person or channel)',
        subject: 'notification subject',
        body: 'notification text',
      },
      kinds: { to: 'party' },
    },
  },
  tools: [
    defineTool({
      name: 'config_list_integrations',
      description: 'List integrations (summary without credentials). Filter by exact status ("all" for every status).',
      params: z.strictObject({ status: z.string().optional().describe('exact status to match, or "all"') }),
      mutates: false,
      handler(ctx, a) {
        const integrations = ctx
          .list('integrations')
          .filter((i) => a.status === undefined || a.status === 'all' || i.status === a.status)
          .map((i) => pick(i, SUMMARY));
        return { integrations, total: integrations.length };
      },
    }),
    defineTool({
      name: 'config_get_integration',
      description: 'Get the full integration record, including its credentials and webhook.',
      params: z.strictObject({ integration_id: IdArg }),
      mutates: false,
      handler: (ctx, a) => ctx.get('integrations', a.integration_id),
    }),
    defineTool({
      name: 'config_update_integration',
      description:
        'Update an integration\'s status and/or notes. Only the given fields change; notes "" clears the notes.',
      params: z.strictObject({
        integration_id: IdArg,
        status: z.string().min(1).optional().describe('new status, e.g. active | inactive'),
        notes: z.string().optional().describe('new notes; "" clears them'),
      }),
      mutates: true,
      handler(ctx, { integration_id, ...given }) {
        ctx.get('integrations', integration_id);
        // absent and "" differ: only undefined means "leave alone"
        const changes = defined(given);
        if (Object.keys(changes).length === 0)
          throw new ToolError('invalid_argument', 'nothing to update: give status and/or notes');
        const integration = ctx.update('integrations', integration_id, changes);
        ctx.record('updates', { integration_id, changes });
        return { status: 'updated', integration };
      },
    }),
    defineTool({
      name: 'config_send_notification',
      description: 'Send a notification (e.g. to an owner or team) about an integration.',
      params: z.strictObject({
        to: kinded('party', z.string().min(1).describe('recipient address, person or channel')),
        subject: z.string().min(1),
        body: z.string().min(1),
      }),
      mutates: true,
      handler(ctx, a) {
        // "Ana Li <Ana@X.example>" is recorded as ana@x.example so checks see the mailbox; names and channels stay as written
        const notification = ctx.record('notifications', {
          to: parseParties('to', a.to).join(', '),
          subject: a.subject,
          body: a.body,
        });
        return { status: 'sent', notification };
      },
    }),
  ],
};
