import { createHash } from 'node:crypto';
import { DOMParser, type Element } from '@xmldom/xmldom';
import { C14nCanonicalization } from 'xml-crypto';

/**
 * A document's hash as ZATCA defines it (docs/invoices.md § The hash chain): Base64 of the SHA-256
 * of the canonical XML (C14N 1.1; for a whole document without DTD it is the same as C14N 1.0,
 * which xml-crypto implements) of the document without `ext:UBLExtensions`, `cac:Signature` and
 * the `cac:AdditionalDocumentReference` whose `cbc:ID` is `QR` — the parts the stamp adds. It is
 * what the signature's `invoiceSignedData` reference digests, and the next document's PIH.
 */

export const UBL_EXTENSIONS = 'urn:oasis:names:specification:ubl:schema:xsd:CommonExtensionComponents-2';
export const CAC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2';
export const CBC = 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2';

export const childElements = (parent: Element) =>
  Array.from(parent.childNodes).filter((node): node is Element => node.nodeType === node.ELEMENT_NODE);

/** Whether a child of the root is one of the parts the hash leaves out. */
function excluded(element: Element): boolean {
  if (element.namespaceURI === UBL_EXTENSIONS && element.localName === 'UBLExtensions') return true;
  if (element.namespaceURI !== CAC) return false;
  if (element.localName === 'Signature') return true;
  return (
    element.localName === 'AdditionalDocumentReference' &&
    childElements(element).some(
      (child) => child.namespaceURI === CBC && child.localName === 'ID' && child.textContent?.trim() === 'QR',
    )
  );
}

export function zatcaHash(xml: string): string {
  const document = new DOMParser().parseFromString(xml, 'text/xml');
  const root = document.documentElement;
  if (!root) throw new Error('not an XML document');
  for (const element of childElements(root).filter(excluded)) root.removeChild(element);
  // xml-crypto types its input as the DOM's Node; @xmldom/xmldom's is that shape.
  const canonical = new C14nCanonicalization().process(root as unknown as Node, {});
  return createHash('sha256').update(canonical, 'utf8').digest('base64');
}
