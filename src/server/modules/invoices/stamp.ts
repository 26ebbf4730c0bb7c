import { createHash, createPrivateKey, sign, verify, X509Certificate } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { Certificate } from '@peculiar/asn1-x509';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { xmlEscape } from '../../../contract/xml.js';
import { CAC, CBC, childElements, UBL_EXTENSIONS, zatcaHash } from './hash.js';
import { decodeTlvBytes, QR_TAGS, TLV_MAX_BYTES, tlvBase64, truncateUtf8 } from './tlv.js';

/**
 * ZATCA's phase-2 cryptographic stamp of a simplified document (docs/invoices.md § The
 * cryptographic stamp): an enveloped XAdES signature in `ext:UBLExtensions`, a `cac:Signature`
 * and the QR with tags 6–9, laid out as the signed samples of ZATCA's e-invoicing SDK 3.2.7
 * (`Data/Samples/Simplified/`). The stamp is outside the document's hash (hash.ts), so the
 * unsigned document and the stamped one have the same hash.
 */

const DS = 'http://www.w3.org/2000/09/xmldsig#';
const XADES = 'http://uri.etsi.org/01903/v1.3.2#';
const SIG = 'urn:oasis:names:specification:ubl:schema:xsd:CommonSignatureComponents-2';
const SAC = 'urn:oasis:names:specification:ubl:schema:xsd:SignatureAggregateComponents-2';
const SBC = 'urn:oasis:names:specification:ubl:schema:xsd:SignatureBasicComponents-2';
const SHA256 = 'http://www.w3.org/2001/04/xmlenc#sha256';
const C14N11 = 'http://www.w3.org/2006/12/xml-c14n11';
const XPATH = 'http://www.w3.org/TR/1999/REC-xpath-19991116';
const SIGNATURE_METHOD = 'urn:oasis:names:specification:ubl:dsig:enveloped:xades';
const SIGNATURE_ID = 'urn:oasis:names:specification:ubl:signature:Invoice';
const SIGNATURE_INFORMATION_ID = 'urn:oasis:names:specification:ubl:signature:1';

/** Who signs: the EGS unit's private key and its certificate (Base64 DER, ZATCA's binarySecurityToken decoded). */
export type SigningIdentity = { privateKeyPem: string; certificate: string };

export type StampedDocument = {
  xml: string;
  /** The document's hash (zatcaHash), what the signature signs. */
  hash: string;
  /** Base64 DER ECDSA signature. */
  signatureValue: string;
  /** The phase-2 QR payload (tags 1–9), Base64. */
  qr: string;
};

export type CertificateDetails = {
  /** Relative names last to first, as ZATCA writes X509IssuerName: `CN=…, DC=…`. */
  issuer: string;
  /** Decimal. */
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  /** SubjectPublicKeyInfo DER (QR tag 8). */
  publicKeyDer: Uint8Array;
  /** The issuer's signature over the certificate, DER (QR tag 9). */
  signature: Uint8Array;
};

/** What a certificate (Base64 DER) says that the stamp uses; throws on anything not a certificate. */
export function certificateDetails(certificateBase64: string): CertificateDetails {
  const der = Buffer.from(certificateBase64, 'base64');
  const certificate = new X509Certificate(der);
  const parsed = AsnConvert.parse(der, Certificate);
  return {
    issuer: certificate.issuer.split('\n').reverse().join(', '),
    serialNumber: BigInt(`0x${certificate.serialNumber}`).toString(10),
    notBefore: parsed.tbsCertificate.validity.notBefore.getTime(),
    notAfter: parsed.tbsCertificate.validity.notAfter.getTime(),
    publicKeyDer: new Uint8Array(certificate.publicKey.export({ type: 'spki', format: 'der' })),
    signature: new Uint8Array(parsed.signatureValue),
  };
}

/** Base64 of the hex SHA-256 of a text: ZATCA's digest of the certificate and of the SignedProperties. */
const hexDigestBase64 = (text: string) =>
  Buffer.from(createHash('sha256').update(text, 'utf8').digest('hex'), 'utf8').toString('base64');

/** The certificate's digest as ZATCA writes it: over the certificate's Base64 text, not its DER. */
export const certificateDigest = (certificateBase64: string) => hexDigestBase64(certificateBase64);

/** `SigningTime`: UTC to the second with `Z` (2023-01-24T11:16:44Z). */
const signingTimeText = (at: Date) => `${at.toISOString().slice(0, 19)}Z`;

type SignedPropertiesValues = { signingTime: string; certificateDigest: string; issuer: string; serialNumber: string };

/** One line of the stamp at the samples' indentation (four spaces a level). */
const at = (level: number, text: string) => `${' '.repeat(4 * level)}${text}`;

/**
 * The `xades:SignedProperties` element as the samples write it. Its digest is over this same text
 * with each prefix declared where it is used (`declareNamespaces`): what ZATCA's SDK digests
 * (reproduced against its three signed simplified samples).
 */
function signedProperties(values: SignedPropertiesValues, declareNamespaces: boolean): string {
  const xades = declareNamespaces ? ` xmlns:xades="${XADES}"` : '';
  const ds = declareNamespaces ? ` xmlns:ds="${DS}"` : '';
  return [
    `<xades:SignedProperties${xades} Id="xadesSignedProperties">`,
    at(9, '<xades:SignedSignatureProperties>'),
    at(10, `<xades:SigningTime>${xmlEscape(values.signingTime)}</xades:SigningTime>`),
    at(10, '<xades:SigningCertificate>'),
    at(11, '<xades:Cert>'),
    at(12, '<xades:CertDigest>'),
    at(13, `<ds:DigestMethod${ds} Algorithm="${SHA256}"/>`),
    at(13, `<ds:DigestValue${ds}>${xmlEscape(values.certificateDigest)}</ds:DigestValue>`),
    at(12, '</xades:CertDigest>'),
    at(12, '<xades:IssuerSerial>'),
    at(13, `<ds:X509IssuerName${ds}>${xmlEscape(values.issuer)}</ds:X509IssuerName>`),
    at(13, `<ds:X509SerialNumber${ds}>${xmlEscape(values.serialNumber)}</ds:X509SerialNumber>`),
    at(12, '</xades:IssuerSerial>'),
    at(11, '</xades:Cert>'),
    at(10, '</xades:SigningCertificate>'),
    at(9, '</xades:SignedSignatureProperties>'),
    at(8, '</xades:SignedProperties>'),
  ].join('\n');
}

/** The SignedProperties reference's digest. */
export const signedPropertiesDigest = (values: SignedPropertiesValues) =>
  hexDigestBase64(signedProperties(values, true));

/** `ext:UBLExtensions` holding the XAdES signature, at the samples' layout. */
function ublExtensions(input: {
  hash: string;
  signatureValue: string;
  certificate: string;
  properties: SignedPropertiesValues;
}): string {
  const transform = (xpath: string) => [
    at(9, `<ds:Transform Algorithm="${XPATH}">`),
    at(10, `<ds:XPath>${xpath}</ds:XPath>`),
    at(9, '</ds:Transform>'),
  ];
  return [
    // The prefix is declared here, not on the root: a declaration on the root would be in the hash.
    `<ext:UBLExtensions xmlns:ext="${UBL_EXTENSIONS}">`,
    at(1, '<ext:UBLExtension>'),
    at(2, `<ext:ExtensionURI>${SIGNATURE_METHOD}</ext:ExtensionURI>`),
    at(2, '<ext:ExtensionContent>'),
    at(3, `<sig:UBLDocumentSignatures xmlns:sig="${SIG}" xmlns:sac="${SAC}" xmlns:sbc="${SBC}">`),
    at(4, '<sac:SignatureInformation>'),
    at(5, `<cbc:ID>${SIGNATURE_INFORMATION_ID}</cbc:ID>`),
    at(5, `<sbc:ReferencedSignatureID>${SIGNATURE_ID}</sbc:ReferencedSignatureID>`),
    at(5, `<ds:Signature xmlns:ds="${DS}" Id="signature">`),
    at(6, '<ds:SignedInfo>'),
    at(7, `<ds:CanonicalizationMethod Algorithm="${C14N11}"/>`),
    at(7, '<ds:SignatureMethod Algorithm="http://www.w3.org/2001/04/xmldsig-more#ecdsa-sha256"/>'),
    at(7, '<ds:Reference Id="invoiceSignedData" URI="">'),
    at(8, '<ds:Transforms>'),
    ...transform('not(//ancestor-or-self::ext:UBLExtensions)'),
    ...transform('not(//ancestor-or-self::cac:Signature)'),
    ...transform("not(//ancestor-or-self::cac:AdditionalDocumentReference[cbc:ID='QR'])"),
    at(9, `<ds:Transform Algorithm="${C14N11}"/>`),
    at(8, '</ds:Transforms>'),
    at(8, `<ds:DigestMethod Algorithm="${SHA256}"/>`),
    at(8, `<ds:DigestValue>${input.hash}</ds:DigestValue>`),
    at(7, '</ds:Reference>'),
    at(7, '<ds:Reference Type="http://www.w3.org/2000/09/xmldsig#SignatureProperties" URI="#xadesSignedProperties">'),
    at(8, `<ds:DigestMethod Algorithm="${SHA256}"/>`),
    at(8, `<ds:DigestValue>${signedPropertiesDigest(input.properties)}</ds:DigestValue>`),
    at(7, '</ds:Reference>'),
    at(6, '</ds:SignedInfo>'),
    at(6, `<ds:SignatureValue>${input.signatureValue}</ds:SignatureValue>`),
    at(6, '<ds:KeyInfo>'),
    at(7, '<ds:X509Data>'),
    at(8, `<ds:X509Certificate>${xmlEscape(input.certificate)}</ds:X509Certificate>`),
    at(7, '</ds:X509Data>'),
    at(6, '</ds:KeyInfo>'),
    at(6, '<ds:Object>'),
    at(7, `<xades:QualifyingProperties xmlns:xades="${XADES}" Target="signature">`),
    at(8, signedProperties(input.properties, false)),
    at(7, '</xades:QualifyingProperties>'),
    at(6, '</ds:Object>'),
    at(5, '</ds:Signature>'),
    at(4, '</sac:SignatureInformation>'),
    at(3, '</sig:UBLDocumentSignatures>'),
    at(2, '</ext:ExtensionContent>'),
    at(1, '</ext:UBLExtension>'),
    '</ext:UBLExtensions>',
  ].join('\n');
}

const CAC_SIGNATURE = [
  '<cac:Signature>',
  at(1, `<cbc:ID>${SIGNATURE_ID}</cbc:ID>`),
  at(1, `<cbc:SignatureMethod>${SIGNATURE_METHOD}</cbc:SignatureMethod>`),
  '</cac:Signature>',
].join('\n');

/** The document's root element start tag. */
const ROOT_START = /^(?:<\?xml[^>]*\?>)?\s*(?:<!--[\s\S]*?-->\s*)*<[A-Za-z_][\w.-]*(?::[\w.-]+)?\b[^>]*>/;
/** The QR reference and its value, as the shop and ZATCA's samples write it. */
const QR_REFERENCE =
  /(<cac:AdditionalDocumentReference>\s*<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject\b[^>]*>)[^<]*(<\/cbc:EmbeddedDocumentBinaryObject>\s*<\/cac:Attachment>\s*<\/cac:AdditionalDocumentReference>)/;

const parseXml = (xml: string) =>
  new DOMParser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(message);
    },
  }).parseFromString(xml, 'text/xml');

/** The first child element of `parent` in `namespace` named `name`. */
const child = (parent: Element | undefined, namespace: string, name: string) =>
  parent && childElements(parent).find((element) => element.namespaceURI === namespace && element.localName === name);

/** The element at a path of UBL children (each step `cac:Name` or `cbc:Name`) under the root. */
function ublPath(root: Element, path: string): Element | undefined {
  let element: Element | undefined = root;
  for (const step of path.split('/')) {
    const [prefix, name = ''] = step.split(':');
    element = child(element, prefix === 'cac' ? CAC : CBC, name);
  }
  return element;
}

const textAt = (root: Element, path: string) => ublPath(root, path)?.textContent?.trim() ?? '';

/**
 * QR tags 1–5 read from the document itself, in the samples' forms: tag 3 is the document's
 * `IssueDate` and `IssueTime` joined by `T` with a `Z` appended, as ZATCA's samples write it
 * (docs/invoices.md § The cryptographic stamp says why this is a doubtful point).
 */
function documentQrTags(root: Element): Array<[number, string]> {
  const time = textAt(root, 'cbc:IssueTime');
  return [
    [
      QR_TAGS.sellerName,
      textAt(root, 'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName'),
    ],
    [QR_TAGS.vatNumber, textAt(root, 'cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID')],
    [QR_TAGS.timestamp, `${textAt(root, 'cbc:IssueDate')}T${time}${time.endsWith('Z') ? '' : 'Z'}`],
    [QR_TAGS.total, textAt(root, 'cac:LegalMonetaryTotal/cbc:TaxInclusiveAmount')],
    [QR_TAGS.vatTotal, textAt(root, 'cac:TaxTotal/cbc:TaxAmount')],
  ];
}

/**
 * Stamps an unsigned document (invoice, credit or debit note alike: any InvoiceTypeCode) as the
 * EGS unit `identity` at `signingTime`. The document must have its QR reference (ubl.ts writes one);
 * its value is replaced by the phase-2 QR. Throws on a document without one, a document already
 * stamped, a key that cannot sign or is not the certificate's.
 */
export function stampDocument(unsignedXml: string, identity: SigningIdentity, signingTime: Date): StampedDocument {
  const root = parseXml(unsignedXml).documentElement;
  if (!root) throw new Error('not an XML document');
  const rootStart = ROOT_START.exec(unsignedXml);
  if (!rootStart) throw new Error('no root element');
  if (!QR_REFERENCE.test(unsignedXml)) throw new Error('the document has no QR reference');
  if (child(root, UBL_EXTENSIONS, 'UBLExtensions') || child(root, CAC, 'Signature')) {
    throw new Error('the document is already stamped');
  }

  const hash = zatcaHash(unsignedXml);
  const signatureValue = sign('sha256', Buffer.from(hash, 'base64'), createPrivateKey(identity.privateKeyPem)).toString(
    'base64',
  );
  const details = certificateDetails(identity.certificate);
  // A key that is not the certificate's would make a stamp ZATCA refuses: never write one.
  if (!signatureVerifies(hash, identity.certificate, signatureValue)) {
    throw new Error("the private key is not the certificate's");
  }
  const qr = tlvBase64([
    ...documentQrTags(root).map(([tag, value]) => [tag, truncateUtf8(value, TLV_MAX_BYTES)] as const),
    [QR_TAGS.hash, hash],
    [QR_TAGS.signature, signatureValue],
    [QR_TAGS.publicKey, details.publicKeyDer],
    [QR_TAGS.certificateSignature, details.signature],
  ]);
  const extensions = ublExtensions({
    hash,
    signatureValue,
    certificate: identity.certificate,
    properties: {
      signingTime: signingTimeText(signingTime),
      certificateDigest: certificateDigest(identity.certificate),
      issuer: details.issuer,
      serialNumber: details.serialNumber,
    },
  });
  // Nothing is added between existing nodes (no whitespace either): the unsigned parts stay byte
  // for byte, and so does the hash.
  const start = rootStart[0].length;
  const xml = `${unsignedXml.slice(0, start)}${extensions}${unsignedXml.slice(start)}`.replace(
    QR_REFERENCE,
    (_, open: string, close: string) => `${open}${qr}${close}${CAC_SIGNATURE}`,
  );
  return { xml, hash, signatureValue, qr };
}

/** The descendants of `root` in `namespace` named `name`. */
const descendants = (root: Element, namespace: string, name: string) =>
  Array.from(root.getElementsByTagNameNS(namespace, name));

const text = (element: Element | undefined) => element?.textContent?.trim() ?? '';

/** A `ds:Reference`'s `ds:DigestValue`. */
const referenceDigest = (signature: Element, matches: (reference: Element) => boolean) =>
  text(child(descendants(signature, DS, 'Reference').find(matches), DS, 'DigestValue'));

const sameBytes = (a: Uint8Array | undefined, b: Uint8Array) => a !== undefined && Buffer.from(a).equals(b);

/**
 * Every problem of a stamped document's stamp, as short English texts naming ZATCA's concepts
 * (empty: the stamp is valid). Never throws: unreadable input is itself a problem.
 */
export function verifyStamp(signedXml: string): string[] {
  try {
    return stampProblems(signedXml);
  } catch (error) {
    return [`The document cannot be read as a stamped XML invoice: ${(error as Error).message}`];
  }
}

function stampProblems(signedXml: string): string[] {
  const root = parseXml(signedXml).documentElement;
  if (!root) return ['The document is not XML'];
  const signature = descendants(root, DS, 'Signature')[0];
  if (!signature) return ['The cryptographic stamp (ds:Signature in ext:UBLExtensions) is missing'];
  const problems: string[] = [];

  const hash = zatcaHash(signedXml);
  const signedHash = referenceDigest(signature, (reference) => reference.getAttribute('Id') === 'invoiceSignedData');
  if (signedHash !== hash) problems.push('The invoice hash does not match the invoiceSignedData DigestValue');

  const signatureValue = text(child(signature, DS, 'SignatureValue'));
  const certificate = text(descendants(signature, DS, 'X509Certificate')[0]);
  let details: CertificateDetails;
  try {
    details = certificateDetails(certificate);
  } catch {
    return [...problems, 'The X509Certificate cannot be read'];
  }
  if (!signatureVerifies(hash, certificate, signatureValue)) {
    problems.push("The SignatureValue does not verify over the invoice hash with the certificate's public key");
  }
  problems.push(...signedPropertiesProblems(signature, certificate, details));

  const cacSignature = child(root, CAC, 'Signature');
  if (
    text(child(cacSignature, CBC, 'ID')) !== SIGNATURE_ID ||
    text(child(cacSignature, CBC, 'SignatureMethod')) !== SIGNATURE_METHOD
  ) {
    problems.push(`The cac:Signature with ID ${SIGNATURE_ID} and method ${SIGNATURE_METHOD} is missing`);
  }

  problems.push(...qrProblems(root, { hash, signatureValue, details }));
  return problems;
}

/** Whether a Base64 signature is the certificate's key's over the hash's raw bytes (never throws). */
function signatureVerifies(hash: string, certificate: string, signatureValue: string): boolean {
  try {
    const publicKey = new X509Certificate(Buffer.from(certificate, 'base64')).publicKey;
    return verify('sha256', Buffer.from(hash, 'base64'), publicKey, Buffer.from(signatureValue, 'base64'));
  } catch {
    return false;
  }
}

/** The SignedProperties' problems: their certificate fields against the certificate, their digest. */
function signedPropertiesProblems(signature: Element, certificate: string, details: CertificateDetails): string[] {
  const properties = descendants(signature, XADES, 'SignedProperties')[0];
  if (!properties) return ['The xades:SignedProperties are missing'];
  const values: SignedPropertiesValues = {
    signingTime: text(descendants(properties, XADES, 'SigningTime')[0]),
    certificateDigest: text(descendants(properties, DS, 'DigestValue')[0]),
    issuer: text(descendants(properties, DS, 'X509IssuerName')[0]),
    serialNumber: text(descendants(properties, DS, 'X509SerialNumber')[0]),
  };
  const problems: string[] = [];
  if (values.certificateDigest !== certificateDigest(certificate)) {
    problems.push('The certificate digest (xades:CertDigest) does not match the X509Certificate');
  }
  if (values.issuer !== details.issuer) problems.push("The X509IssuerName is not the certificate's issuer");
  if (values.serialNumber !== details.serialNumber) {
    problems.push("The X509SerialNumber is not the certificate's serial number");
  }
  const digest = referenceDigest(signature, (reference) => reference.getAttribute('URI') === '#xadesSignedProperties');
  if (digest !== signedPropertiesDigest(values)) {
    problems.push('The SignedProperties digest does not match the xades:SignedProperties');
  }
  return problems;
}

/** The QR's problems: tags 1–5 present, 6–9 those of the document's stamp. */
function qrProblems(
  root: Element,
  stamp: { hash: string; signatureValue: string; details: CertificateDetails },
): string[] {
  const reference = childElements(root).find(
    (element) => element.localName === 'AdditionalDocumentReference' && text(child(element, CBC, 'ID')) === 'QR',
  );
  const value = text(child(child(reference, CAC, 'Attachment'), CBC, 'EmbeddedDocumentBinaryObject'));
  if (!value) return ['The QR code is missing'];
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(value)) return ['The QR code is not Base64'];
  let records: Map<number, Uint8Array>;
  try {
    records = new Map(decodeTlvBytes(new Uint8Array(Buffer.from(value, 'base64'))));
  } catch {
    return ['The QR code is not a TLV payload'];
  }
  const problems: string[] = [];
  const missing = [1, 2, 3, 4, 5].filter((tag) => !records.get(tag)?.length);
  if (missing.length > 0) problems.push(`The QR code lacks tags ${missing.join(', ')}`);
  const utf8 = (textValue: string) => Buffer.from(textValue, 'utf8');
  if (!sameBytes(records.get(QR_TAGS.hash), utf8(stamp.hash))) {
    problems.push("The QR code's invoice hash (tag 6) is not the document's hash");
  }
  if (!sameBytes(records.get(QR_TAGS.signature), utf8(stamp.signatureValue))) {
    problems.push("The QR code's signature (tag 7) is not the document's SignatureValue");
  }
  if (!sameBytes(records.get(QR_TAGS.publicKey), Buffer.from(stamp.details.publicKeyDer))) {
    problems.push("The QR code's public key (tag 8) is not the certificate's");
  }
  if (!sameBytes(records.get(QR_TAGS.certificateSignature), Buffer.from(stamp.details.signature))) {
    problems.push("The QR code's certificate signature (tag 9) is not the certificate's");
  }
  return problems;
}
