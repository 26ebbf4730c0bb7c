/** Arabic-Indic (٠-٩) and Eastern Arabic-Indic (۰-۹) digits to ASCII, so typed numbers parse. */
export function toAsciiDigits(input: string): string {
  return input.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => {
    const code = d.charCodeAt(0);
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}
