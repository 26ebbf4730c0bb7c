import { z } from 'zod';
import { apiMessages } from './messages.js';
import { type PhoneCountry, toE164 } from './phone.js';
import { phoneInvalidMessage } from './phone-messages.js';

/** A required phone field, answered in E.164 (sign-up, profile, addresses, orders). */
export const phoneSchema = (country: PhoneCountry) =>
  z
    .string({ error: apiMessages.phoneRequired })
    .trim()
    .min(1, { error: apiMessages.phoneRequired })
    .transform((typed, ctx) => {
      const e164 = toE164(typed, country);
      if (e164 === undefined) {
        ctx.addIssue({ code: 'custom', message: phoneInvalidMessage(country), input: typed });
        return z.NEVER;
      }
      return e164;
    });
