import { serializeJsonLd } from '../lib/seo';

/** Structured data for search engines, escaped so that no text in it can close the script. */
export function JsonLd({ data }: { data: object }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes <, > and &; React would HTML-escape the JSON instead
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
