import { parseArgs } from 'node:util';
import { SANDBOX_OTP, startFakeFatoora } from '../tests/helpers/fake-fatoora.js';

/*
 * The local Fatoora alone (docs/invoices.md § Try it offline): `npm run zatca:fake -- --port 8443
 * [--no-rules]` serves the three environments under one root, as ZATCA does, and prints that root:
 * the shop's ZATCA_API_URL, whichever environment the admin then chooses. Ctrl-C stops it.
 */

const USAGE =
  'usage: npm run zatca:fake -- [--port 0-65535] [--no-rules] (developer-portal, simulation and core are all served under the root it prints)';
function refuse(problem: string): never {
  console.error(`${problem}\n${USAGE}`);
  process.exit(2);
}

function options() {
  try {
    return parseArgs({
      options: {
        port: { type: 'string', default: '0' },
        'no-rules': { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    return refuse((error as Error).message);
  }
}

const values = options();
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65_535) refuse(`Not a port: ${values.port}`);
const fake = await startFakeFatoora({ port, rules: !values['no-rules'] });
console.log(fake.url);
console.log('ZATCA_API_URL for the shop; developer-portal, simulation and core are all served under it');
console.log(`OTP: ${SANDBOX_OTP}`);
const stop = () => fake.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
