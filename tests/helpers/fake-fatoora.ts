import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  AttributeTypeAndValue,
  AttributeValue,
  Certificate,
  Extension,
  Extensions,
  GeneralName,
  id_ce_keyUsage,
  id_ce_subjectAltName,
  KeyUsage,
  KeyUsageFlags,
  Name,
  RelativeDistinguishedName,
  SubjectAlternativeName,
  SubjectPublicKeyInfo,
  TBSCertificate,
  Validity,
  Version,
} from '@peculiar/asn1-x509';
import { DOMParser, type Element } from '@xmldom/xmldom';
import type { ZatcaEnvironment } from '../../src/contract/e-invoicing.js';
import { CERTIFICATE_TEMPLATES, OIDS, type ReadCsr, readCsr } from '../../src/server/modules/e-invoicing/csr.js';
import type { FatooraMessage } from '../../src/server/modules/e-invoicing/fatoora-client.js';
import { zatcaHash } from '../../src/server/modules/invoices/hash.js';
import { verifyStamp } from '../../src/server/modules/invoices/stamp.js';
import { zatcaFindings } from './zatca';

/*
 * A local stand-in for ZATCA's Fatoora API (docs/invoices.md § A local Fatoora for tests and
 * trials), on 127.0.0.1, serving `/e-invoicing/<developer-portal|simulation|core>` like
 * https://gw-fatoora.zatca.gov.sa. Where each behaviour comes from:
 * - paths, headers, Basic `binarySecurityToken:secret`, `{"csr": base64(PEM)}`, `compliance_request_id`,
 *   the template names: Odoo `addons/l10n_sa_edi/models/account_journal.py` and the SDK's
 *   `Data/Input/csr-config-*.properties` (github.com/mrsool/zatca);
 * - the stamp (signature, certificate, digests, QR tags 6–9): verifyStamp (src/server/modules/invoices/stamp.ts);
 * - the sandbox OTP `123345`: community code calling the developer portal;
 * - `validationResults { infoMessages, warningMessages, errorMessages, status }`, `reportingStatus`,
 *   `invalid-invoice-hash` (INVOICE_HASHING_ERRORS), `invalid-signing-certificate` (a warning) and
 *   `certificate-permissions` (an error), all CERTIFICATE_ERRORS: ZATCA's answers quoted in
 *   SallaApp/ZATCA issue 57, lavaloon-eg/ksa_compliance issue 208, ERPGulf/zatca_erpgulf issue 223;
 * - `Missing-ComplianceSteps` `{ code, message }`: ERPGulf/zatca_erpgulf issue 5; a simplified-only
 *   unit passes an invoice, a credit note and a debit note: mrsool/zatca issue 20;
 * - 409 `{ message: 'Invoice Hash Previously Submitted', reportingStatus:
 *   'REPORTED_SUCCESSFULLY_EARLIER' }` for a repeat: odoo/odoo PR 223754, lavaloon-eg/ksa_compliance issue 320;
 * - BR-KSA-98 (reported more than 24 hours after issue) as a warning: ZATCA's e-invoicing FAQ.
 * What no public source shows (the exact 400 body of a wrong OTP or CSR, the 401 and 406 bodies,
 * how a broken ICV/PIH chain is answered) is the fake's own choice, said in the docs.
 */

const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';
const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
export const SANDBOX_OTP = '123345';
const ENVIRONMENTS = Object.keys(CERTIFICATE_TEMPLATES) as ZatcaEnvironment[];
/** Past this, a report carries BR-KSA-98's warning (docs/invoices.md § The fake: what it checks and answers). */
const LATE_AFTER_MS = 24 * 60 * 60 * 1000;
/** Documents carry the shop's wall clock; the fake reads them as Saudi time (UTC+3, no daylight saving). */
const SAUDI_OFFSET = '+03:00';

export type ComplianceStep =
  | 'standard-compliant'
  | 'standard-credit-note-compliant'
  | 'standard-debit-note-compliant'
  | 'simplified-compliant'
  | 'simplified-credit-note-compliant'
  | 'simplified-debit-note-compliant';

type Credential = {
  kind: 'compliance' | 'production';
  environment: ZatcaEnvironment;
  secret: string;
  requestID: number;
  /** The certificate issued, Base64 DER (what the signed document's ds:X509Certificate carries). */
  certificate: string;
  csr: ReadCsr;
  /** Compliance checks passed with this compliance CSID. */
  steps: Set<ComplianceStep>;
};

export type ReportedDocument = {
  status: 'REPORTED' | 'NOT_REPORTED';
  httpStatus: number;
  invoiceHash: string;
  icv: number;
  unit: string;
  warnings: string[];
  errors: string[];
};

export type FakeFatooraOptions = {
  /** Run ZATCA's rules (Java + Saxon, 5–10 s a call): off for tests about other checks. */
  rules?: boolean;
  port?: number;
};

const message = (type: FatooraMessage['type'], code: string, category: string, text: string): FatooraMessage => ({
  type,
  code,
  category,
  message: text,
  status: type === 'INFO' ? 'PASS' : type,
});

/**
 * A problem of the stamp (verifyStamp) as ZATCA words it: `signed-properties-hashing` is ZATCA's
 * own code (SallaApp/ZATCA issue 50); the QR's and the signature's codes are the fake's.
 */
function stampMessage(problem: string): FatooraMessage {
  if (problem.startsWith('The SignedProperties digest')) {
    return message('ERROR', 'signed-properties-hashing', 'CERTIFICATE_ERRORS', problem);
  }
  if (problem.startsWith('The QR code')) return message('ERROR', 'qr-code', 'QRCODE_VALIDATION', problem);
  return message('ERROR', 'invalid-signature', 'SIGNATURE_ERRORS', problem);
}

const rdn = (type: string, value: AttributeValue) =>
  new RelativeDistinguishedName([new AttributeTypeAndValue({ type, value })]);

/** The fake's certificate authority: a secp256k1 key and a ZATCA-like issuer name. */
function certificateAuthority() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  const dc = '0.9.2342.19200300.100.1.25';
  const issuer = new Name([
    rdn(dc, new AttributeValue({ ia5String: 'local' })),
    rdn(dc, new AttributeValue({ ia5String: 'gov' })),
    rdn(dc, new AttributeValue({ ia5String: 'fakefatoora' })),
    rdn(OIDS.commonName, new AttributeValue({ printableString: 'FAKE-FATOORA-SubCA-1' })),
  ]);
  /** A one-year certificate for the CSR's subject and key, with its alternative name. */
  function issue(csr: ReadCsr): Buffer {
    // Positive and minimal in DER: a leading zero byte before one under 0x80 is padding that
    // OpenSSL refuses (X509Certificate throws), which failed 1 certificate in 256.
    const serial = randomBytes(16);
    serial[0] = 0x40 | ((serial[0] ?? 0) & 0x3f);
    const notBefore = new Date();
    const notAfter = new Date(notBefore.getTime() + 365 * 24 * 60 * 60 * 1000);
    const algorithm = new AlgorithmIdentifier({ algorithm: OIDS.ecdsaWithSha256 });
    const extensions = new Extensions([
      new Extension({
        extnID: id_ce_keyUsage,
        critical: true,
        extnValue: new OctetString(AsnConvert.serialize(new KeyUsage(KeyUsageFlags.digitalSignature))),
      }),
    ]);
    if (csr.alternativeName) {
      extensions.push(
        new Extension({
          extnID: id_ce_subjectAltName,
          critical: false,
          extnValue: new OctetString(
            AsnConvert.serialize(new SubjectAlternativeName([new GeneralName({ directoryName: csr.alternativeName })])),
          ),
        }),
      );
    }
    const tbs = new TBSCertificate({
      version: Version.v3,
      serialNumber: new Uint8Array(serial).buffer,
      signature: algorithm,
      issuer,
      validity: new Validity({ notBefore, notAfter }),
      subject: csr.subject,
      subjectPublicKeyInfo: AsnConvert.parse(csr.publicKeyDer, SubjectPublicKeyInfo),
      extensions,
    });
    const signature = sign('sha256', Buffer.from(AsnConvert.serialize(tbs)), { key: privateKey, dsaEncoding: 'der' });
    const certificate = new Certificate({
      tbsCertificate: tbs,
      signatureAlgorithm: algorithm,
      signatureValue: new Uint8Array(signature).buffer,
    });
    return Buffer.from(AsnConvert.serialize(certificate));
  }
  return { issue, publicKey };
}

/** The CSR's refusals, as ZATCA's compliance API answers them (docs/invoices.md § The fake: what it checks and answers). */
function csrProblems(csr: ReadCsr, environment: ZatcaEnvironment): string[] {
  const problems: string[] = [];
  if (!csr.signatureValid) problems.push('The CSR signature is invalid');
  if (csr.curve !== 'secp256k1') problems.push(`The CSR key must be on secp256k1, not ${csr.curve ?? 'unknown'}`);
  if (csr.certificateTemplate !== CERTIFICATE_TEMPLATES[environment]) {
    problems.push(`The certificate template name must be ${CERTIFICATE_TEMPLATES[environment]} in ${environment}`);
  }
  if (csr.country !== 'SA') problems.push('The country must be SA');
  for (const [field, value] of [
    ['organization name (O)', csr.organization],
    ['organization unit (OU)', csr.organizationalUnit],
    ['common name (CN)', csr.commonName],
    ['registeredAddress', csr.registeredAddress],
    ['businessCategory', csr.businessCategory],
  ] as const) {
    if (!value) problems.push(`The ${field} is missing`);
  }
  if (!/^1-[^|]+\|2-[^|]+\|3-[^|]+$/.test(csr.serialNumber)) {
    problems.push('The EGS serial number (SN) must be 1-<solution>|2-<model>|3-<serial>');
  }
  if (!/^3\d{13}3$/.test(csr.vatNumber))
    problems.push('The VAT number (UID) must be 15 digits starting and ending with 3');
  if (!/^[01]{4}$/.test(csr.invoiceTypes) || !csr.invoiceTypes.slice(0, 2).includes('1')) {
    problems.push('The invoice type (title) must be 4 digits of 0 and 1, standard or simplified among them');
  }
  return problems;
}

/** What the fake reads of a UBL document. */
type UblDocument = {
  uuid: string;
  typeCode: string;
  typeName: string;
  issuedAt: Date | undefined;
  icv: number;
  pih: string;
  sellerVat: string;
  certificate: string;
};

const elementsOf = (parent: Element | undefined, ns: string, name: string) =>
  parent ? Array.from(parent.getElementsByTagNameNS(ns, name)) : [];
const childrenOf = (parent: Element, ns: string, name: string) =>
  Array.from(parent.childNodes).filter(
    (node): node is Element =>
      node.nodeType === node.ELEMENT_NODE &&
      (node as Element).namespaceURI === ns &&
      (node as Element).localName === name,
  );
const textOf = (element: Element | undefined) => element?.textContent?.trim() ?? '';

function readDocument(xml: string): UblDocument | undefined {
  let root: Element | null;
  try {
    root = new DOMParser({
      onError: (level, text) => {
        if (level !== 'warning') throw new Error(text);
      },
    }).parseFromString(xml, 'text/xml').documentElement;
  } catch {
    return undefined;
  }
  if (root?.localName !== 'Invoice') return undefined;
  const top = (name: string) => childrenOf(root, CBC, name)[0];
  const reference = (id: string) =>
    childrenOf(root, CAC, 'AdditionalDocumentReference').find((r) => textOf(childrenOf(r, CBC, 'ID')[0]) === id);
  const date = textOf(top('IssueDate'));
  const time = textOf(top('IssueTime'));
  const issuedAt = new Date(`${date}T${time}${/(Z|[+-]\d\d:\d\d)$/.test(time) ? '' : SAUDI_OFFSET}`);
  const supplier = childrenOf(root, CAC, 'AccountingSupplierParty')[0];
  const counter = reference('ICV');
  return {
    uuid: textOf(top('UUID')),
    typeCode: textOf(top('InvoiceTypeCode')),
    typeName: top('InvoiceTypeCode')?.getAttribute('name') ?? '',
    issuedAt: Number.isNaN(issuedAt.getTime()) ? undefined : issuedAt,
    icv: counter ? Number(textOf(childrenOf(counter, CBC, 'UUID')[0]) || Number.NaN) : Number.NaN,
    pih: textOf(elementsOf(reference('PIH'), CBC, 'EmbeddedDocumentBinaryObject')[0]),
    sellerVat: textOf(elementsOf(supplier, CBC, 'CompanyID')[0]),
    certificate: textOf(elementsOf(root, DS, 'X509Certificate')[0]).replace(/\s+/g, ''),
  };
}

/** The compliance step a document stands for, by InvoiceTypeCode (388/381/383) and its name (01… standard, 02… simplified). */
function stepOf(document: UblDocument): ComplianceStep | undefined {
  const kind = document.typeName.startsWith('02') ? 'simplified' : document.typeName.startsWith('01') ? 'standard' : '';
  const type = { '388': '', '381': '-credit-note', '383': '-debit-note' }[document.typeCode];
  return kind && type !== undefined ? (`${kind}${type}-compliant` as ComplianceStep) : undefined;
}

/** The steps a unit must pass before its production CSID: those of the invoice types in its CSR's title. */
function requiredSteps(csr: ReadCsr): ComplianceStep[] {
  const steps: ComplianceStep[] = [];
  for (const [digit, kind] of [
    [0, 'standard'],
    [1, 'simplified'],
  ] as const) {
    if (csr.invoiceTypes[digit] === '1') {
      steps.push(`${kind}-compliant`, `${kind}-credit-note-compliant`, `${kind}-debit-note-compliant`);
    }
  }
  return steps;
}

export async function startFakeFatoora(options: FakeFatooraOptions = {}) {
  const authority = certificateAuthority();
  const runRules = options.rules ?? true;
  const credentials = new Map<string, Credential>();
  /** uuid → what happened to it at reporting. */
  const reported = new Map<string, ReportedDocument>();
  /** Hashes reported (200/202): a repeat is a 409. */
  const reportedHashes = new Set<string>();
  /** The last document reported per unit (the CSR's SN): its counter and hash. */
  const chains = new Map<string, { icv: number; hash: string }>();
  let failure: 'timeout' | '500' | undefined;
  /** How far the fake's clock runs ahead of the real one: what a report's lateness (BR-KSA-98) is measured by. */
  let clockAheadMs = 0;
  /** The API version the fake takes (ZATCA's is V2); anything else is answered 406. */
  let acceptVersion = 'V2';
  let nextRequestId = 1_700_000_000_000;
  let origin = '';

  const send = (response: ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const refuse = (response: ServerResponse, status: number, code: string, text: string) =>
    send(response, status, { code, message: text });

  function issueCsid(response: ServerResponse, kind: Credential['kind'], csr: ReadCsr, environment: ZatcaEnvironment) {
    const certificate = authority.issue(csr).toString('base64');
    const binarySecurityToken = Buffer.from(certificate, 'latin1').toString('base64');
    const secret = randomBytes(32).toString('base64');
    const requestID = nextRequestId++;
    credentials.set(binarySecurityToken, { kind, environment, secret, requestID, certificate, csr, steps: new Set() });
    send(response, 200, {
      requestID,
      tokenType: 'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-x509-token-profile-1.0#X509v3',
      dispositionMessage: 'ISSUED',
      binarySecurityToken,
      secret,
      errors: null,
    });
  }

  /** The credential of a Basic header, if the fake issued it (token and secret) for this environment. */
  function authenticated(request: IncomingMessage, environment: ZatcaEnvironment) {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return undefined;
    const decoded = Buffer.from(header.slice('Basic '.length), 'base64').toString('utf8');
    const colon = decoded.lastIndexOf(':');
    const credential = credentials.get(decoded.slice(0, colon));
    return credential && credential.secret === decoded.slice(colon + 1) && credential.environment === environment
      ? credential
      : undefined;
  }

  /** The CSR of a `{"csr": …}` body, or a 400 already sent. */
  function csrOf(response: ServerResponse, body: Record<string, unknown>, environment: ZatcaEnvironment) {
    if (typeof body.csr !== 'string' || body.csr === '') {
      refuse(response, 400, 'Missing-CSR', 'The CSR is missing from the request body');
      return undefined;
    }
    let csr: ReadCsr;
    try {
      csr = readCsr(body.csr);
    } catch {
      refuse(response, 400, 'Invalid-CSR', 'The provided CSR could not be parsed');
      return undefined;
    }
    const problems = csrProblems(csr, environment);
    if (problems.length > 0) {
      refuse(response, 400, 'Invalid-CSR', problems.join('; '));
      return undefined;
    }
    return csr;
  }

  /**
   * The checks a signed document passes at the compliance checks and at reporting: its body, its
   * hash and UUID, the signing certificate, the seller's VAT number, and ZATCA's rules.
   */
  function validate(body: Record<string, unknown>, credential: Credential) {
    const info: FatooraMessage[] = [];
    const warnings: FatooraMessage[] = [];
    const errors: FatooraMessage[] = [];
    const { invoiceHash, uuid, invoice } = body;
    if (typeof invoiceHash !== 'string' || typeof uuid !== 'string' || typeof invoice !== 'string') {
      errors.push(message('ERROR', 'invalid-request', 'REQUEST_ERRORS', 'invoiceHash, uuid and invoice are required'));
      return { info, warnings, errors, document: undefined, hash: '' };
    }
    const xml = Buffer.from(invoice, 'base64').toString('utf8');
    const document = readDocument(xml);
    if (!document) {
      errors.push(
        message('ERROR', 'XSD_ZATCA_INVALID', 'XSD validation', 'The invoice is not a well-formed UBL 2.1 Invoice'),
      );
      return { info, warnings, errors, document, hash: '' };
    }
    info.push(
      message(
        'INFO',
        'XSD_ZATCA_VALID',
        'XSD validation',
        'Complied with UBL 2.1 standards in line with ZATCA specifications',
      ),
    );
    const hash = zatcaHash(xml);
    if (hash !== invoiceHash) {
      errors.push(
        message(
          'ERROR',
          'invalid-invoice-hash',
          'INVOICE_HASHING_ERRORS',
          'The invoice hash API body does not match the (calculated) Hash of the XML',
        ),
      );
    }
    if (document.uuid !== uuid) {
      errors.push(
        message(
          'ERROR',
          'invalid-uuid',
          'REQUEST_ERRORS',
          'The UUID in the request body does not match the invoice UUID',
        ),
      );
    }
    for (const problem of verifyStamp(xml)) errors.push(stampMessage(problem));
    if (document.sellerVat !== credential.csr.vatNumber) {
      errors.push(
        message(
          'ERROR',
          'certificate-permissions',
          'CERTIFICATE_ERRORS',
          'User only allowed to use the vat number that exists in the authentication certificate',
        ),
      );
    }
    if (document.certificate !== credential.certificate) {
      warnings.push(
        message(
          'WARNING',
          'invalid-signing-certificate',
          'CERTIFICATE_ERRORS',
          'X509Certificate (CCSID / PCSID) used for signing is not valid certificate (CCSID / PCSID) for this VAT Registration Number.',
        ),
      );
    }
    if (runRules) {
      for (const finding of zatcaFindings({ document: xml })) {
        const category = finding.id.startsWith('BR-KSA') ? 'KSA' : 'EN_16931';
        const text = finding.text.replace(/\s+/g, ' ');
        if (finding.flag === 'warning') warnings.push(message('WARNING', finding.id, category, text));
        else errors.push(message('ERROR', finding.id, category, text));
      }
    }
    return { info, warnings, errors, document, hash };
  }

  const results = (info: FatooraMessage[], warnings: FatooraMessage[], errors: FatooraMessage[]) => ({
    infoMessages: info,
    warningMessages: warnings,
    errorMessages: errors,
    status: errors.length > 0 ? 'ERROR' : warnings.length > 0 ? 'WARNING' : 'PASS',
  });
  const statusOf = (warnings: unknown[], errors: unknown[]) =>
    errors.length > 0 ? 400 : warnings.length > 0 ? 202 : 200;

  function complianceCheck(response: ServerResponse, body: Record<string, unknown>, credential: Credential) {
    const { info, warnings, errors, document } = validate(body, credential);
    const step = document && stepOf(document);
    if (document && !step) {
      errors.push(
        message(
          'ERROR',
          'invalid-invoice-type',
          'REQUEST_ERRORS',
          'InvoiceTypeCode must be 388, 381 or 383 named 01… or 02…',
        ),
      );
    }
    if (step && errors.length === 0) credential.steps.add(step);
    const simplified = document?.typeName.startsWith('02');
    send(response, statusOf(warnings, errors), {
      validationResults: results(info, warnings, errors),
      reportingStatus: simplified ? (errors.length > 0 ? 'NOT_REPORTED' : 'REPORTED') : null,
      clearanceStatus: simplified === false ? (errors.length > 0 ? 'NOT_CLEARED' : 'CLEARED') : null,
      qrSellertStatus: null,
      qrBuyertStatus: null,
    });
  }

  function report(response: ServerResponse, body: Record<string, unknown>, credential: Credential) {
    const { info, warnings, errors, document, hash } = validate(body, credential);
    if (document && errors.length === 0 && reportedHashes.has(hash)) {
      return send(response, 409, {
        message: 'Invoice Hash Previously Submitted',
        reportingStatus: 'REPORTED_SUCCESSFULLY_EARLIER',
      });
    }
    const unit = credential.csr.serialNumber;
    if (document) {
      if (!document.typeName.startsWith('02')) {
        errors.push(
          message(
            'ERROR',
            'invalid-invoice-type',
            'REQUEST_ERRORS',
            'Only simplified documents (02…) are reported; standard ones are cleared',
          ),
        );
      }
      if (document.issuedAt && Date.now() + clockAheadMs - document.issuedAt.getTime() > LATE_AFTER_MS) {
        warnings.push(
          message(
            'WARNING',
            'BR-KSA-98',
            'KSA',
            '[BR-KSA-98] - The simplified tax invoice and its associated notes must be reported to ZATCA within 24 hours of their issue',
          ),
        );
      }
      const last = chains.get(unit);
      if (last && document.icv !== last.icv + 1) {
        warnings.push(
          message(
            'WARNING',
            'invoice-counter',
            'CHAIN',
            `The invoice counter (ICV) ${document.icv} does not follow ${last.icv}`,
          ),
        );
      }
      if (last && document.pih !== last.hash) {
        warnings.push(
          message(
            'WARNING',
            'previous-invoice-hash',
            'CHAIN',
            'The previous invoice hash (PIH) is not the hash of the last document reported',
          ),
        );
      }
    }
    const status = statusOf(warnings, errors);
    const reportingStatus = errors.length > 0 ? 'NOT_REPORTED' : 'REPORTED';
    if (document) {
      reported.set(document.uuid, {
        status: reportingStatus,
        httpStatus: status,
        invoiceHash: hash,
        icv: document.icv,
        unit,
        warnings: warnings.map((w) => w.code),
        errors: errors.map((e) => e.code),
      });
      // A refused document still holds its place in the chain (docs/invoices.md § The fake: what it checks and answers).
      chains.set(unit, { icv: document.icv, hash });
      if (reportingStatus === 'REPORTED') reportedHashes.add(hash);
    }
    send(response, status, { validationResults: results(info, warnings, errors), reportingStatus });
  }

  function productionCsid(response: ServerResponse, body: Record<string, unknown>, credential: Credential) {
    if (String(body.compliance_request_id ?? '') !== String(credential.requestID)) {
      return refuse(
        response,
        400,
        'Invalid-Request-ID',
        'The compliance_request_id is not the one of this compliance CSID',
      );
    }
    const missing = requiredSteps(credential.csr).filter((step) => !credential.steps.has(step));
    if (missing.length > 0) {
      return refuse(
        response,
        400,
        'Missing-ComplianceSteps',
        `The compliance certificate is not done with the following compliance steps yet [${missing.join(',')}]`,
      );
    }
    issueCsid(response, 'production', credential.csr, credential.environment);
  }

  function api(
    request: IncomingMessage,
    response: ServerResponse,
    environment: ZatcaEnvironment,
    path: string,
    body: Record<string, unknown>,
  ) {
    const route = `${request.method} ${path}`;
    if (route === 'POST /compliance') {
      if (request.headers.otp !== SANDBOX_OTP)
        return refuse(response, 400, 'Invalid-OTP', 'The provided OTP is invalid');
      const csr = csrOf(response, body, environment);
      if (csr) issueCsid(response, 'compliance', csr, environment);
      return;
    }
    const kinds: Record<string, Credential['kind']> = {
      'POST /compliance/invoices': 'compliance',
      'POST /production/csids': 'compliance',
      'PATCH /production/csids': 'production',
      'POST /invoices/reporting/single': 'production',
    };
    const kind = kinds[route];
    if (!kind) return refuse(response, 404, 'Not-Found', `No route for ${route}`);
    const credential = authenticated(request, environment);
    // A compliance CSID only on compliance routes, a production CSID only on production ones.
    if (credential?.kind !== kind) {
      response.writeHead(401);
      response.end();
      return;
    }
    if (route === 'POST /compliance/invoices') return complianceCheck(response, body, credential);
    if (route === 'POST /production/csids') return productionCsid(response, body, credential);
    if (route === 'PATCH /production/csids') {
      if (request.headers.otp !== SANDBOX_OTP)
        return refuse(response, 400, 'Invalid-OTP', 'The provided OTP is invalid');
      const csr = csrOf(response, body, environment);
      if (csr) issueCsid(response, 'production', csr, environment);
      return;
    }
    return report(response, body, credential);
  }

  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    request.on('end', () => {
      if (failure === 'timeout') {
        // Held without an answer until the client gives up (or the fake closes).
        failure = undefined;
        return;
      }
      if (failure === '500') {
        failure = undefined;
        return send(response, 500, { code: 'Internal-Server-Error', message: 'Something went wrong' });
      }
      const match = /^\/e-invoicing\/([^/]+)(\/.*)$/.exec(new URL(request.url ?? '/', origin).pathname);
      const environment = ENVIRONMENTS.find((e) => e === match?.[1]);
      if (!environment || !match?.[2]) return refuse(response, 404, 'Not-Found', 'Not found');
      if (request.headers['accept-version'] !== acceptVersion) {
        response.writeHead(406, { 'content-type': 'text/plain' });
        response.end('This Version is not supported or not provided in the header.');
        return;
      }
      let body: Record<string, unknown>;
      try {
        const parsed: unknown = raw ? JSON.parse(raw) : {};
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object');
        body = parsed as Record<string, unknown>;
      } catch {
        return refuse(response, 400, 'Invalid-Request', 'The request body is not a JSON object');
      }
      api(request, response, environment, match[2], body);
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The root every environment is served under, as ZATCA's `…/e-invoicing` (ZATCA_API_URL for the shop). */
    url: `${origin}/e-invoicing`,
    origin,
    /** The fake CA's public key: the issued certificates verify with it. */
    authorityPublicKey: authority.publicKey,
    /** What the fake holds: the documents reported (uuid → status) and the CSIDs it issued. */
    state: { reported, credentials },
    /** The next request: held until the client gives up (`timeout`), or answered 500 once. */
    failNext(kind: 'timeout' | '500') {
      failure = kind;
    },
    /** Runs the fake's clock `ms` ahead (a report a day later, without waiting a day); 0 puts it back. */
    setClockAhead(ms: number) {
      clockAheadMs = ms;
    },
    /** Takes only this `Accept-Version` from now on (plays ZATCA after it retired V2); 'V2' puts it back. */
    setAcceptVersion(version: string) {
      acceptVersion = version;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type FakeFatoora = Awaited<ReturnType<typeof startFakeFatoora>>;
