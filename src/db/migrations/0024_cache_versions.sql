CREATE TABLE "cache_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "cache_versions" ("name", "version") VALUES ('catalogue', 1);
--> statement-breakpoint
-- Raises the catalogue's version once per writing transaction, at its commit (docs/caching.md).
-- Deferred, so the row is locked only while the transaction commits, after every other lock it
-- takes: no deadlock with a checkout's product rows; the setting makes later rows of the same
-- transaction a no-op.
CREATE FUNCTION "raise_catalogue_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('matjar.catalogue_raised', true) IS DISTINCT FROM '1' THEN
    PERFORM set_config('matjar.catalogue_raised', '1', true);
    UPDATE "cache_versions" SET "version" = "version" + 1 WHERE "name" = 'catalogue';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  catalogue_table text;
BEGIN
  FOREACH catalogue_table IN ARRAY ARRAY[
    'categories', 'brands', 'subcategories', 'products', 'product_subcategories', 'product_variants',
    'reviews', 'review_moderations', 'search_synonyms', 'store_settings', 'shipping_zones',
    'store_pages', 'home_slides', 'home_featured_categories', 'home_featured_products'
  ] LOOP
    EXECUTE format(
      'CREATE CONSTRAINT TRIGGER "raise_catalogue_version" AFTER INSERT OR UPDATE OR DELETE ON %I '
      'DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "raise_catalogue_version"()',
      catalogue_table
    );
  END LOOP;
END;
$$;
