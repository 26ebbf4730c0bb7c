import pino from 'pino';
import { type DatabaseHandle, openDatabase } from '../db/client.js';
import { DataDirectoryInUseError } from '../db/data-dir-lock.js';
import { normaliseStoredPhones } from '../db/phones.js';
import { seedDatabase } from '../db/seed/index.js';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { mediaStoreOf } from './media/store.js';
import { eInvoicingStartProblem } from './modules/e-invoicing/service.js';
import { isPublic, publicModeProblems, replacePublishedPasswords } from './public-mode.js';
import { registerWeb } from './web.js';

const config = loadConfig();
const logger = pino({
  level: config.logLevel,
  ...(process.stdout.isTTY ? { transport: { target: 'pino-pretty', options: { translateTime: 'HH:MM:ss' } } } : {}),
});

// A shop other machines can reach must not run with the demo's published secrets (README, Going public).
const problems = publicModeProblems(config);
if (problems.length > 0) {
  const text = `This shop is reachable from other machines (HOST=${config.host}${config.publicUrl ? `, PUBLIC_URL=${config.publicUrl}` : ''}${config.trustProxy !== false ? ', TRUST_PROXY' : ''}) and will not start:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`;
  // Said on stderr too: a logger at LOG_LEVEL=silent must not hide why the shop did not start.
  logger.fatal(text);
  process.stderr.write(`${text}\n`);
  process.exit(1);
}

let database: DatabaseHandle;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, log: logger });
} catch (error) {
  // Another process has the embedded database: say so and what to do, without a stack trace.
  if (!(error instanceof DataDirectoryInUseError)) throw error;
  logger.fatal(error.message);
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
logger.info({ database: database.kind }, 'database ready (migrations applied)');
// A public shop holding a sealed e-invoicing key must have the secret that opens it (docs/invoices.md § Keys at rest).
const eInvoicingProblem = await eInvoicingStartProblem(database.db, config);
if (eInvoicingProblem) {
  logger.fatal(eInvoicingProblem);
  process.stderr.write(`${eInvoicingProblem}\n`);
  await database.close();
  process.exit(1);
}
const phonesNormalised = await normaliseStoredPhones(database.db, config.phoneCountry);
if (phonesNormalised > 0) logger.info(`${phonesNormalised} stored phone numbers rewritten in E.164`);
const seedMedia = mediaStoreOf(config, logger);
try {
  await seedDatabase({ db: database.db, config, media: seedMedia, log: (message) => logger.info(message) });
} finally {
  await seedMedia.close();
}
if (isPublic(config)) {
  await replacePublishedPasswords(database.db, config, (message) => {
    // Shown once: on stderr too when LOG_LEVEL would hide it.
    logger.warn(message);
    if (!logger.isLevelEnabled('warn')) process.stderr.write(`${message}\n`);
  });
}

const app = await buildApp({ config, database, logger });
if (config.serveWeb) {
  await registerWeb(app, config, process.env.NODE_ENV === 'development' ? 'development' : 'production');
}

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'shutting down: finishing in-flight requests');
  const force = setTimeout(() => {
    logger.error('shutdown took too long, exiting');
    process.exit(1);
  }, 10_000);
  force.unref();
  try {
    await app.close();
    await database.close();
    process.exit(0);
  } catch (error) {
    logger.error({ err: error }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
logger.info(`متجر is open at ${config.publicUrl ?? `http://localhost:${config.port}`}`);
