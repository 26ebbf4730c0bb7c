import { PASSWORD_MIN } from '../../contract/constants.js';
import { fieldError } from '../errors.js';

/** How many of the most used passwords (zxcvbn's ranked list of leaked passwords) are refused. */
export const COMMON_PASSWORDS_REFUSED = 10_000;

let common: Promise<Set<string>> | undefined;

/** The list is loaded on first use: start-up and processes that never see a password skip it. */
function commonPasswords(): Promise<Set<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => {
    const ranked = dictionary['passwords-common'].slice(0, COMMON_PASSWORDS_REFUSED);
    // Shorter ones are refused by the length rule already.
    return new Set(ranked.filter((password) => password.length >= PASSWORD_MIN).map((p) => p.toLowerCase()));
  });
  return common;
}

/** True for a password among the most common ones, whatever its letter case. */
export async function isCommonPassword(password: string): Promise<boolean> {
  return (await commonPasswords()).has(password.toLowerCase());
}

/** A 400 on the field, in the contract's validation shape, for a common password. */
export async function refuseCommonPassword(field: string, password: string): Promise<void> {
  if (await isCommonPassword(password)) throw fieldError(field, 'passwordTooCommon', undefined);
}
