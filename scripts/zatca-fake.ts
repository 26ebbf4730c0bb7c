import { parseArgs } from 'node:util';
import type { ZatcaEnvironment } from '../src/contract/e-invoicing.js';
import { SANDBOX_OTP, startFakeFatoora } from '../tests/helpers/fake-fatoora.js';

/*
 * The local Fatoora alone (docs/invoices.md § A local Fatoora for tests and trials):
 * `npm run zatca:fake -- --port 8443 [--environment simulation] [--no-rules]` prints its base URL,
 * to be given to the shop as ZATCA_API_URL. Ctrl-C stops it.
 */

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '0' },
    environment: { type: 'string', default: 'simulation' },
    'no-rules': { type: 'boolean', default: false },
  },
});
const port = Number(values.port);
const environments: ZatcaEnvironment[] = ['developer-portal', 'simulation', 'core'];
const environment = environments.find((e) => e === values.environment);
if (!Number.isInteger(port) || port < 0 || port > 65_535 || !environment) {
  console.error(`usage: npm run zatca:fake -- [--port 0-65535] [--environment ${environments.join('|')}] [--no-rules]`);
  process.exit(2);
}
const fake = await startFakeFatoora({ port, environment, rules: !values['no-rules'] });
console.log(fake.url);
console.log(`OTP: ${SANDBOX_OTP}`);
const stop = () => fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
