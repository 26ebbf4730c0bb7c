import type { ZatcaEnvironment } from '../../../contract/e-invoicing.js';

/*
 * A small typed client of ZATCA's Fatoora API (docs/invoices.md § The Fatoora client):
 * the compliance CSID, the compliance checks, the production CSID and its
 * renewal, and the reporting of one simplified document. Every call sends `Accept-Version: V2` and
 * `Accept-Language: en`; authenticated calls Basic base64(binarySecurityToken:secret), the token
 * exactly as ZATCA returned it. Never throws on an answer: a timeout, a network failure or an HTTP
 * error comes back as `{ ok: false, kind }` with ZATCA's own messages. It logs nothing: the
 * credentials and the documents stay out of the logs.
 */

export const FATOORA_BASE_URL = 'https://gw-fatoora.zatca.gov.sa/e-invoicing';
export const DEFAULT_TIMEOUT_MS = 20_000;

export type FatooraCredentials = { binarySecurityToken: string; secret: string };

/** One of ZATCA's messages: a validation result, or an onboarding error's `code`/`message`. */
export type FatooraMessage = {
  type: 'INFO' | 'WARNING' | 'ERROR';
  code: string;
  category?: string;
  message: string;
  status?: string;
};

export type ValidationResults = {
  infoMessages: FatooraMessage[];
  warningMessages: FatooraMessage[];
  errorMessages: FatooraMessage[];
  status: 'PASS' | 'WARNING' | 'ERROR';
};

/** The answer of POST /compliance, POST and PATCH /production/csids. */
export type CsidAnswer = {
  requestID: number | string;
  dispositionMessage: string;
  /** Base64 of the certificate's Base64 DER text. */
  binarySecurityToken: string;
  secret: string;
  tokenType?: string;
  errors?: unknown;
};

/** The answer of the compliance checks and of reporting. */
export type ValidationAnswer = {
  validationResults: ValidationResults;
  reportingStatus?: string | null;
  clearanceStatus?: string | null;
};

/** What ZATCA reports or checks: the signed document, its hash and UUID. */
export type SignedDocument = { invoiceHash: string; uuid: string; invoice: string };

export type FatooraResult<T> =
  | { ok: true; status: number; body: T; messages: FatooraMessage[] }
  | {
      ok: false;
      /** The HTTP status; absent when no answer came. */
      status?: number;
      kind: 'timeout' | 'network' | 'http';
      body?: unknown;
      messages: FatooraMessage[];
    };

export type FatooraClientOptions = {
  environment: ZatcaEnvironment;
  /**
   * Another root than ZATCA's `https://gw-fatoora.zatca.gov.sa/e-invoicing` (ZATCA_API_URL: the local
   * Fatoora, a proxy); the environment's path is added to it, as to ZATCA's.
   */
  baseUrl?: string | undefined;
  timeoutMs?: number | undefined;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function asMessage(value: unknown, type: FatooraMessage['type']): FatooraMessage | undefined {
  if (typeof value === 'string') return { type, code: value, message: value };
  if (!isRecord(value)) return undefined;
  const code = value.code ?? value.errorCode;
  const message = value.message ?? value.errorMessage ?? value.error;
  if (code === undefined && message === undefined) return undefined;
  return {
    type: value.type === 'INFO' || value.type === 'WARNING' || value.type === 'ERROR' ? value.type : type,
    code: String(code ?? ''),
    ...(typeof value.category === 'string' ? { category: value.category } : {}),
    message: String(message ?? ''),
    ...(typeof value.status === 'string' ? { status: value.status } : {}),
  };
}

/**
 * ZATCA's error and warning texts in any of its answers' shapes: `validationResults` (compliance
 * checks, reporting), `{ code, message }` (onboarding refusals), `errors: [...]`, or `{ message }`
 * (409). Info messages are left out: they say what passed.
 */
export function fatooraMessages(body: unknown): FatooraMessage[] {
  if (!isRecord(body)) return typeof body === 'string' && body ? [{ type: 'ERROR', code: '', message: body }] : [];
  const messages: FatooraMessage[] = [];
  const push = (values: unknown, type: FatooraMessage['type']) => {
    for (const value of Array.isArray(values) ? values : values === undefined || values === null ? [] : [values]) {
      const message = asMessage(value, type);
      if (message) messages.push(message);
    }
  };
  if (isRecord(body.validationResults)) {
    push(body.validationResults.errorMessages, 'ERROR');
    push(body.validationResults.warningMessages, 'WARNING');
  }
  push(body.errors, 'ERROR');
  if (messages.length === 0 && (body.code !== undefined || body.message !== undefined)) push(body, 'ERROR');
  return messages;
}

export const basicAuthorization = ({ binarySecurityToken, secret }: FatooraCredentials) =>
  `Basic ${Buffer.from(`${binarySecurityToken}:${secret}`, 'utf8').toString('base64')}`;

export function createFatooraClient(options: FatooraClientOptions) {
  const base = `${(options.baseUrl ?? FATOORA_BASE_URL).replace(/\/+$/, '')}/${options.environment}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call<T>(
    method: 'POST' | 'PATCH',
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<FatooraResult<T>> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'Accept-Version': 'V2',
          'Accept-Language': 'en',
          ...headers,
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = (error as Error).name;
      return {
        ok: false,
        kind: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network',
        messages: [],
      };
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      const name = (error as Error).name;
      return {
        ok: false,
        status: response.status,
        kind: name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network',
        messages: [],
      };
    }
    let parsed: unknown = text;
    if (text) {
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = text;
      }
    }
    const messages = fatooraMessages(parsed);
    if (response.ok && isRecord(parsed)) return { ok: true, status: response.status, body: parsed as T, messages };
    return { ok: false, status: response.status, kind: 'http', body: text ? parsed : undefined, messages };
  }

  return {
    baseUrl: base,
    /** POST /compliance: a compliance CSID for the CSR, with the OTP from the Fatoora portal. */
    complianceCsid: (csrBase64: string, otp: string) =>
      call<CsidAnswer>('POST', '/compliance', { csr: csrBase64 }, { OTP: otp }),
    /** POST /compliance/invoices: one compliance check of a signed sample document. */
    complianceCheck: (credentials: FatooraCredentials, document: SignedDocument) =>
      call<ValidationAnswer>('POST', '/compliance/invoices', document, {
        Authorization: basicAuthorization(credentials),
      }),
    /** POST /production/csids: the production CSID, once the compliance checks passed. */
    productionCsid: (credentials: FatooraCredentials, complianceRequestId: string | number) =>
      call<CsidAnswer>(
        'POST',
        '/production/csids',
        { compliance_request_id: String(complianceRequestId) },
        { Authorization: basicAuthorization(credentials) },
      ),
    /** PATCH /production/csids: a renewed production CSID for a new CSR, with a new OTP. */
    renewProductionCsid: (credentials: FatooraCredentials, csrBase64: string, otp: string) =>
      call<CsidAnswer>(
        'PATCH',
        '/production/csids',
        { csr: csrBase64 },
        { OTP: otp, Authorization: basicAuthorization(credentials) },
      ),
    /** POST /invoices/reporting/single: reports one signed simplified document. */
    reportSingle: (credentials: FatooraCredentials, document: SignedDocument) =>
      call<ValidationAnswer>('POST', '/invoices/reporting/single', document, {
        Authorization: basicAuthorization(credentials),
      }),
  };
}

export type FatooraClient = ReturnType<typeof createFatooraClient>;
