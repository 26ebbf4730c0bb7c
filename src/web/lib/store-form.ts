import type { ShippingZone, ShippingZoneBody, StoreSettingsBody, StoreSettingsView } from '../../contract/types';
import type { FormValues } from './form';

/*
 * The store settings and shipping zone forms (docs/pricing.md): field names are the API's, so its
 * messages land on the right field. Checkboxes post 'on' when ticked and nothing otherwise.
 */

export const settingsFields = [
  'shopName',
  'legalName',
  'vatNumber',
  'address',
  'sellerIdScheme',
  'sellerId',
  'buildingNumber',
  'street',
  'district',
  'city',
  'postalCode',
  'additionalNumber',
  'email',
  'phone',
  'vatRate',
  'pricesIncludeVat',
  'lowStockThreshold',
  'basketRemindersEnabled',
  'basketReminderDelayHours',
  'whatsapp',
  'instagramUrl',
  'xUrl',
  'tiktokUrl',
  'snapchatUrl',
  'facebookUrl',
  'staffRefundLimit',
] as const;
export type SettingsField = (typeof settingsFields)[number];

export const zoneFields = ['name', 'cities', 'price', 'freeAbove', 'codAllowed', 'codFee', 'enabled'] as const;
export type ZoneField = (typeof zoneFields)[number];

const ticked = (value: string) => value === 'on' || value === 'true';

/** The API body of the settings form: every field (an empty VAT number clears it). */
export const settingsBody = (values: FormValues<SettingsField>): StoreSettingsBody => ({
  shopName: values.shopName,
  legalName: values.legalName,
  vatNumber: values.vatNumber,
  address: values.address,
  // The seller id and national address are a Saudi shop's fields; its select always posts a scheme.
  ...(values.sellerIdScheme
    ? {
        sellerIdScheme: values.sellerIdScheme as StoreSettingsBody['sellerIdScheme'],
        sellerId: values.sellerId,
        buildingNumber: values.buildingNumber,
        street: values.street,
        district: values.district,
        city: values.city,
        postalCode: values.postalCode,
        additionalNumber: values.additionalNumber,
      }
    : {}),
  email: values.email,
  phone: values.phone,
  vatRate: values.vatRate,
  pricesIncludeVat: ticked(values.pricesIncludeVat),
  lowStockThreshold: values.lowStockThreshold,
  basketRemindersEnabled: ticked(values.basketRemindersEnabled),
  basketReminderDelayHours: values.basketReminderDelayHours,
  whatsapp: values.whatsapp,
  instagramUrl: values.instagramUrl,
  xUrl: values.xUrl,
  tiktokUrl: values.tiktokUrl,
  snapchatUrl: values.snapchatUrl,
  facebookUrl: values.facebookUrl,
  staffRefundLimit: values.staffRefundLimit,
});

export const settingsDefaults = (settings: StoreSettingsView): FormValues<SettingsField> => ({
  shopName: settings.shopName,
  legalName: settings.legalName,
  vatNumber: settings.vatNumber ?? '',
  address: settings.address,
  sellerIdScheme: settings.sellerIdScheme,
  sellerId: settings.sellerId,
  buildingNumber: settings.buildingNumber,
  street: settings.street,
  district: settings.district,
  city: settings.city,
  postalCode: settings.postalCode,
  additionalNumber: settings.additionalNumber,
  email: settings.email,
  phone: settings.phone,
  vatRate: String(settings.vatRate),
  pricesIncludeVat: settings.pricesIncludeVat ? 'on' : '',
  lowStockThreshold: String(settings.lowStockThreshold),
  basketRemindersEnabled: settings.basketRemindersEnabled ? 'on' : '',
  basketReminderDelayHours: String(settings.basketReminderDelayHours),
  whatsapp: settings.whatsapp,
  instagramUrl: settings.instagramUrl,
  xUrl: settings.xUrl,
  tiktokUrl: settings.tiktokUrl,
  snapchatUrl: settings.snapchatUrl,
  facebookUrl: settings.facebookUrl,
  staffRefundLimit: String(settings.staffRefundLimit),
});

/** Cities typed one a line (or separated by commas, Arabic or Latin). */
export const citiesOf = (text: string) =>
  text
    .split(/[\n,،]/)
    .map((city) => city.trim())
    .filter(Boolean);

/** The API body of the zone form; the default zone sends no cities (it takes every other city). */
export function zoneBody(values: FormValues<ZoneField>, isDefault: boolean): ShippingZoneBody {
  return {
    name: values.name,
    ...(isDefault ? {} : { cities: citiesOf(values.cities) }),
    price: values.price.trim() === '' ? 0 : values.price,
    freeAbove: values.freeAbove.trim() === '' ? null : values.freeAbove,
    codAllowed: ticked(values.codAllowed),
    codFee: values.codFee.trim() === '' ? 0 : values.codFee,
    enabled: ticked(values.enabled),
  };
}

export function zoneDefaults(zone: ShippingZone | null): FormValues<ZoneField> {
  if (!zone) return { name: '', cities: '', price: '', freeAbove: '', codAllowed: 'on', codFee: '', enabled: 'on' };
  return {
    name: zone.name,
    cities: zone.cities.join('\n'),
    price: String(zone.price),
    freeAbove: zone.freeAbove === null ? '' : String(zone.freeAbove),
    codAllowed: zone.codAllowed ? 'on' : '',
    codFee: String(zone.codFee),
    enabled: zone.enabled ? 'on' : '',
  };
}
