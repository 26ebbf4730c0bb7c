/*
 * Kept apart from phone.ts, which the pages load up front: these messages need the API's whole
 * message catalogue (messages.ts), which a page should not ship.
 */
import { apiMessages } from './messages.js';
import { PHONE_COUNTRIES, PHONE_RULES, type PhoneCountry } from './phone.js';

/**
 * The API's message for a number the shop does not take: the contract's own for an Egyptian shop
 * (its clients compare it), else one naming the rule. Every one of them has the code PHONE_INVALID
 * (src/contract/errors.ts).
 */
export function phoneInvalidMessage(country: PhoneCountry): string {
  if (country === 'EG') return apiMessages.phoneInvalid;
  return `accept only ${PHONE_RULES[country].englishName} mobile numbers, or another supported Arab country's mobile number with its country code (+…)`;
}

export const phoneInvalidMessages: readonly string[] = PHONE_COUNTRIES.map(phoneInvalidMessage);
