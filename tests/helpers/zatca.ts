import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/*
 * ZATCA's validation rules, run as ZATCA's e-invoicing SDK runs them: the two schematrons its SDK
 * ships compiled to XSLT (tests/fixtures/zatca/README.md), applied with Saxon-HE, their SVRL
 * reports read back. One JVM per rule set over a whole directory of documents: CI time matters.
 */

export const ZATCA_FIXTURES = path.resolve(import.meta.dirname, '../fixtures/zatca');
const RULE_SETS = {
  ZATCA: '20210819_ZATCA_E-invoice_Validation_Rules.xsl',
  EN16931: 'CEN-EN16931-UBL.xsl',
} as const;

/**
 * The rules only the phase-2 cryptographic stamp can satisfy (the signature, its certificate and
 * the QR's stamp tags): an unsigned document fails them by design (docs/invoices.md § Out of scope).
 */
export const STAMP_RULES = ['BR-KSA-28', 'BR-KSA-29', 'BR-KSA-30', 'BR-KSA-60'];

export type Finding = {
  document: string;
  rules: keyof typeof RULE_SETS;
  /** fatal, error or warning, as the rule says. */
  flag: string;
  id: string;
  text: string;
};

const MISSING_SAXON =
  'ZATCA’s rules need Java and Saxon-HE: run `bash scripts/ensure-system-packages.sh` ' +
  '(Debian: apt-get install -y libsaxonhe-java) or set SAXON_JAR';

const xmlUnescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&#xA;/g, '\n')
    .replace(/&amp;/g, '&');

/** The failed assertions (and firing reports) of one SVRL report. */
export function svrlFindings(svrl: string, document: string, rules: keyof typeof RULE_SETS): Finding[] {
  const findings: Finding[] = [];
  const pattern =
    /<svrl:(?:failed-assert|successful-report)\b([^>]*)>([\s\S]*?)<\/svrl:(?:failed-assert|successful-report)>/g;
  for (const [, attributes = '', body = ''] of svrl.matchAll(pattern)) {
    const attribute = (name: string) => xmlUnescape(new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? '');
    const text = xmlUnescape(/<svrl:text>([\s\S]*?)<\/svrl:text>/.exec(body)?.[1] ?? '').trim();
    // Some rules have no @id: their text starts with the rule's name in brackets.
    const id = attribute('id') || (/^\[([^\]]+)\]/.exec(text)?.[1] ?? text.slice(0, 40));
    findings.push({ document, rules, flag: attribute('flag') || 'error', id, text });
  }
  return findings;
}

/**
 * Every finding of both rule sets on the documents (name → XML). Fails with a clear message when
 * Java or Saxon-HE is missing: the rules are part of the proof, never skipped.
 */
export function zatcaFindings(documents: Record<string, string>): Finding[] {
  const saxonJar = process.env.SAXON_JAR ?? '/usr/share/java/Saxon-HE.jar';
  if (!existsSync(saxonJar)) throw new Error(`${MISSING_SAXON} (no ${saxonJar})`);
  const work = mkdtempSync(path.join(tmpdir(), 'zatca-rules-'));
  try {
    const input = path.join(work, 'in');
    mkdirSync(input);
    for (const [name, xml] of Object.entries(documents)) writeFileSync(path.join(input, `${name}.xml`), xml);
    const findings: Finding[] = [];
    for (const [rules, xsl] of Object.entries(RULE_SETS) as [keyof typeof RULE_SETS, string][]) {
      const output = path.join(work, rules);
      mkdirSync(output);
      try {
        execFileSync(
          'java',
          [
            // current-date() in BR-KSA-04 (issue date not in the future) is the Kingdom's date, as on
            // ZATCA's servers; our documents carry the shop's date (docs/dates.md), not UTC's.
            '-Duser.timezone=Asia/Riyadh',
            '-cp',
            saxonJar,
            'net.sf.saxon.Transform',
            `-s:${input}`,
            `-xsl:${path.join(ZATCA_FIXTURES, xsl)}`,
            `-o:${output}`,
          ],
          { stdio: ['ignore', 'ignore', 'pipe'] },
        );
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`${MISSING_SAXON} (no java)`);
        throw error;
      }
      const reports = readdirSync(output);
      if (reports.length !== Object.keys(documents).length) throw new Error(`Saxon wrote ${reports.length} reports`);
      for (const report of reports) {
        findings.push(
          ...svrlFindings(readFileSync(path.join(output, report), 'utf8'), report.replace(/\.xml$/, ''), rules),
        );
      }
    }
    return findings;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The findings that count: all but the stamp's. */
export const unstampedFindings = (findings: Finding[]) => findings.filter((f) => !STAMP_RULES.includes(f.id));

/** "document: flag id" lines, for a readable failure and the closing counts. */
export const describeFindings = (findings: Finding[]) =>
  findings.map((f) => `${f.document} ${f.rules} ${f.flag} ${f.id}: ${f.text.slice(0, 160)}`).join('\n');
