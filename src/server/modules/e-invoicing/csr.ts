import { createPublicKey, generateKeyPairSync, randomUUID, sign, verify } from 'node:crypto';
import { Attributes, CertificationRequest, CertificationRequestInfo } from '@peculiar/asn1-csr';
import { AsnConvert, OctetString } from '@peculiar/asn1-schema';
import {
  AlgorithmIdentifier,
  Attribute,
  AttributeTypeAndValue,
  AttributeValue,
  DirectoryString,
  Extension,
  Extensions,
  GeneralName,
  id_ce_subjectAltName,
  Name,
  RelativeDistinguishedName,
  SubjectAlternativeName,
  SubjectPublicKeyInfo,
} from '@peculiar/asn1-x509';
import type { ZatcaEnvironment } from '../../../contract/e-invoicing.js';

/*
 * The certificate signing request (CSR) an invoicing unit sends ZATCA to be onboarded
 * (docs/invoices.md § ZATCA's CSR): a secp256k1 key, a PKCS#10 request signed
 * ECDSA-SHA256, the subject C/O/OU/CN, the certificate-template extension of the environment and
 * the subject alternative name's directory name carrying the unit's serial, VAT number and
 * invoice types. node:crypto makes the key and the signature; @peculiar/asn1-* assemble the DER
 * (WebCrypto has no secp256k1, node:crypto builds no CSR).
 */

/** The certificate-template name (OID 1.3.6.1.4.1.311.20.2) ZATCA expects of each environment. */
export const CERTIFICATE_TEMPLATES: Record<ZatcaEnvironment, string> = {
  'developer-portal': 'TSTZATCA-Code-Signing',
  simulation: 'PREZATCA-Code-Signing',
  core: 'ZATCA-Code-Signing',
};

export const OIDS = {
  country: '2.5.4.6',
  organization: '2.5.4.10',
  organizationalUnit: '2.5.4.11',
  commonName: '2.5.4.3',
  serialNumber: '2.5.4.4',
  uid: '0.9.2342.19200300.100.1.1',
  title: '2.5.4.12',
  registeredAddress: '2.5.4.26',
  businessCategory: '2.5.4.15',
  certificateTemplate: '1.3.6.1.4.1.311.20.2',
  extensionRequest: '1.2.840.113549.1.9.14',
  ecPublicKey: '1.2.840.10045.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

/** The solution's name in the unit's serial (`1-<solution>|2-<version>|3-<serial>`). */
export const SOLUTION_NAME = 'Matjar';

export type CsrInput = {
  environment: ZatcaEnvironment;
  /** The taxpayer's name (subject O). */
  organization: string;
  /** The branch name, or for a VAT group the member's 10-digit TIN (subject OU). */
  organizationalUnit: string;
  /** The unit's name as the taxpayer calls it (subject CN). */
  commonName: string;
  /** The 15-digit VAT registration number (UID). */
  vatNumber: string;
  /** The shop's version (`2-…` of the serial). */
  solutionVersion: string;
  /** The unit's own serial (`3-…`); a fresh UUID when not given. */
  unitSerial?: string;
  /** Four digits of 0/1: standard, simplified, two for future use. Matjar issues simplified only: `0100`. */
  invoiceTypes?: string;
  /** The branch's address or the shop's website (registeredAddress). */
  registeredAddress: string;
  /** The industry (businessCategory). */
  businessCategory: string;
};

export type GeneratedCsr = {
  /** The new key, SEC1 PEM (`EC PRIVATE KEY`, as the SDK's `ec-secp256k1-priv-key.pem`). */
  privateKeyPem: string;
  csrPem: string;
  /** What ZATCA's `{"csr": …}` carries: Base64 of the PEM text, as Odoo sends it. */
  csrBase64: string;
  /** The serial written in SN (`1-Matjar|2-<version>|3-<serial>`). */
  unitSerialNumber: string;
};

export type ReadCsr = {
  country: string;
  organization: string;
  organizationalUnit: string;
  commonName: string;
  serialNumber: string;
  vatNumber: string;
  invoiceTypes: string;
  registeredAddress: string;
  businessCategory: string;
  certificateTemplate: string;
  /** The ASN.1 string type of the template name: the sources differ (docs/invoices.md § Where the sources disagree or are silent). */
  certificateTemplateType: 'printableString' | 'utf8String' | 'other';
  /** The named curve of the request's public key (`secp256k1` for ZATCA). */
  curve: string | undefined;
  signatureAlgorithm: string;
  signatureValid: boolean;
  /** The request's SubjectPublicKeyInfo, DER. */
  publicKeyDer: Buffer;
  /** The subject and the alternative name's directory name as they were sent, for a certificate. */
  subject: Name;
  alternativeName: Name | undefined;
};

const text = (value: string) => new AttributeValue({ utf8String: value });
const rdn = (type: string, value: AttributeValue) =>
  new RelativeDistinguishedName([new AttributeTypeAndValue({ type, value })]);
const pem = (label: string, der: Buffer) =>
  `-----BEGIN ${label}-----\n${der
    .toString('base64')
    .match(/.{1,64}/g)
    ?.join('\n')}\n-----END ${label}-----\n`;

/**
 * What would make ZATCA refuse the CSR before it is even made: an empty field (ASN.1 strings
 * cannot be empty), a VAT number that is not 15 ASCII digits starting and ending with 3, invoice
 * types that are not 4 digits of 0/1 (the SDK's `csr-config-template.properties`).
 */
export function csrInputProblems(input: CsrInput): string[] {
  const problems: string[] = [];
  for (const field of [
    'organization',
    'organizationalUnit',
    'commonName',
    'solutionVersion',
    'registeredAddress',
    'businessCategory',
  ] as const) {
    if (input[field].trim() === '') problems.push(`${field} is empty`);
  }
  if (input.unitSerial !== undefined && input.unitSerial.trim() === '') problems.push('unitSerial is empty');
  if (/[|]/.test(`${input.solutionVersion}${input.unitSerial ?? ''}`)) {
    problems.push('solutionVersion and unitSerial cannot hold "|"');
  }
  if (!/^3[0-9]{13}3$/.test(input.vatNumber)) problems.push('vatNumber is not 15 digits starting and ending with 3');
  if (input.invoiceTypes !== undefined && !/^[01]{4}$/.test(input.invoiceTypes)) {
    problems.push('invoiceTypes is not 4 digits of 0 and 1');
  }
  return problems;
}

/** A fresh key and its CSR for one invoicing unit; throws a RangeError on input ZATCA would refuse. */
export function generateCsr(input: CsrInput): GeneratedCsr {
  const problems = csrInputProblems(input);
  if (problems.length > 0) throw new RangeError(`CSR input: ${problems.join('; ')}`);
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });
  const unitSerialNumber = `1-${SOLUTION_NAME}|2-${input.solutionVersion}|3-${input.unitSerial ?? randomUUID()}`;
  const subject = new Name([
    rdn(OIDS.country, new AttributeValue({ printableString: 'SA' })),
    rdn(OIDS.organization, text(input.organization)),
    rdn(OIDS.organizationalUnit, text(input.organizationalUnit)),
    rdn(OIDS.commonName, text(input.commonName)),
  ]);
  const directoryName = new Name([
    rdn(OIDS.serialNumber, text(unitSerialNumber)),
    rdn(OIDS.uid, text(input.vatNumber)),
    rdn(OIDS.title, text(input.invoiceTypes ?? '0100')),
    rdn(OIDS.registeredAddress, text(input.registeredAddress)),
    rdn(OIDS.businessCategory, text(input.businessCategory)),
  ]);
  const extensions = new Extensions([
    new Extension({
      extnID: OIDS.certificateTemplate,
      critical: false,
      extnValue: new OctetString(
        AsnConvert.serialize(new DirectoryString({ printableString: CERTIFICATE_TEMPLATES[input.environment] })),
      ),
    }),
    new Extension({
      extnID: id_ce_subjectAltName,
      critical: false,
      extnValue: new OctetString(
        AsnConvert.serialize(new SubjectAlternativeName([new GeneralName({ directoryName })])),
      ),
    }),
  ]);
  const info = new CertificationRequestInfo({
    version: 0,
    subject,
    subjectPKInfo: AsnConvert.parse(publicKey.export({ type: 'spki', format: 'der' }), SubjectPublicKeyInfo),
    attributes: new Attributes([
      new Attribute({ type: OIDS.extensionRequest, values: [AsnConvert.serialize(extensions)] }),
    ]),
  });
  const signature = sign('sha256', Buffer.from(AsnConvert.serialize(info)), { key: privateKey, dsaEncoding: 'der' });
  const request = new CertificationRequest({
    certificationRequestInfo: info,
    signatureAlgorithm: new AlgorithmIdentifier({ algorithm: OIDS.ecdsaWithSha256 }),
    signature: new Uint8Array(signature).buffer,
  });
  const csrPem = pem('CERTIFICATE REQUEST', Buffer.from(AsnConvert.serialize(request)));
  return {
    privateKeyPem: privateKey.export({ type: 'sec1', format: 'pem' }).toString(),
    csrPem,
    csrBase64: Buffer.from(csrPem, 'utf8').toString('base64'),
    unitSerialNumber,
  };
}

/** The DER of a CSR given as PEM, as Base64 of the PEM (ZATCA's body), or as Base64 of the DER. */
function csrDer(base64OrPem: string): Buffer {
  const trimmed = base64OrPem.trim();
  const pemText = trimmed.startsWith('-----') ? trimmed : Buffer.from(trimmed, 'base64').toString('latin1');
  if (pemText.includes('-----BEGIN')) {
    const body = /-----BEGIN [A-Z ]+-----([\s\S]*?)-----END [A-Z ]+-----/.exec(pemText)?.[1];
    if (!body) throw new Error('not a PEM certificate request');
    return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  }
  return Buffer.from(trimmed, 'base64');
}

/** The first value of `type` in a name, as text ('' when absent). */
export function nameValue(name: Name | undefined, type: string): string {
  for (const set of name ?? []) {
    for (const item of set) if (item.type === type) return item.value.toString();
  }
  return '';
}

/**
 * A CSR's fields back, its curve and whether its signature holds. Throws when the text is not a
 * PKCS#10 request at all.
 */
export function readCsr(base64OrPem: string): ReadCsr {
  const der = csrDer(base64OrPem);
  const request = AsnConvert.parse(der, CertificationRequest);
  const info = request.certificationRequestInfo;
  const extensionValues = (info.attributes ?? []).find((a) => a.type === OIDS.extensionRequest)?.values[0];
  const extensions = extensionValues ? AsnConvert.parse(extensionValues, Extensions) : new Extensions();
  const extension = (id: string) => extensions.find((e) => e.extnID === id)?.extnValue.buffer;
  const templateRaw = extension(OIDS.certificateTemplate);
  const template = templateRaw ? AsnConvert.parse(templateRaw, DirectoryString) : undefined;
  const alternativeNameRaw = extension(id_ce_subjectAltName);
  const alternativeName = alternativeNameRaw
    ? AsnConvert.parse(alternativeNameRaw, SubjectAlternativeName).find((n) => n.directoryName)?.directoryName
    : undefined;
  const publicKeyDer = Buffer.from(AsnConvert.serialize(info.subjectPKInfo));
  let curve: string | undefined;
  let signatureValid = false;
  try {
    const key = createPublicKey({ key: publicKeyDer, format: 'der', type: 'spki' });
    curve = key.asymmetricKeyDetails?.namedCurve;
    const signed = Buffer.from(request.certificationRequestInfoRaw ?? AsnConvert.serialize(info));
    signatureValid =
      request.signatureAlgorithm.algorithm === OIDS.ecdsaWithSha256 &&
      verify('sha256', signed, { key, dsaEncoding: 'der' }, Buffer.from(request.signature));
  } catch {
    signatureValid = false;
  }
  return {
    country: nameValue(info.subject, OIDS.country),
    organization: nameValue(info.subject, OIDS.organization),
    organizationalUnit: nameValue(info.subject, OIDS.organizationalUnit),
    commonName: nameValue(info.subject, OIDS.commonName),
    serialNumber: nameValue(alternativeName, OIDS.serialNumber),
    vatNumber: nameValue(alternativeName, OIDS.uid),
    invoiceTypes: nameValue(alternativeName, OIDS.title),
    registeredAddress: nameValue(alternativeName, OIDS.registeredAddress),
    businessCategory: nameValue(alternativeName, OIDS.businessCategory),
    certificateTemplate: template?.toString() ?? '',
    certificateTemplateType: template?.printableString
      ? 'printableString'
      : template?.utf8String
        ? 'utf8String'
        : 'other',
    curve,
    signatureAlgorithm: request.signatureAlgorithm.algorithm,
    signatureValid,
    publicKeyDer,
    subject: info.subject,
    alternativeName,
  };
}
