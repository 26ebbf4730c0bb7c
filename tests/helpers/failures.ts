import type { FailBody, FieldFailure } from '../../src/contract/errors.js';
import { type ApiFailureKey, apiFailures, codeOf } from '../../src/contract/messages.js';

/** The API's `{ status, message, code }` body of a catalogue failure, as a fake API answers it. */
export const failBody = (key: ApiFailureKey, details: Partial<FailBody> = {}): FailBody => ({
  status: 'fail',
  message: apiFailures[key].message,
  code: codeOf(key),
  ...details,
});

/** A validation body, one error per `[param, key]`, first first. */
export const fieldErrorsBody = (...errors: [param: string, key: ApiFailureKey][]): { errors: FieldFailure[] } => ({
  errors: errors.map(([param, key]) => ({
    value: '',
    msg: apiFailures[key].message,
    param,
    location: 'body',
    code: codeOf(key),
  })),
});
