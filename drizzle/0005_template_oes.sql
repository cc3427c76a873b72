CREATE TABLE "product_template_oes" (
	"template_id" integer NOT NULL,
	"oe_norm" text NOT NULL,
	"kind" smallint NOT NULL,
	CONSTRAINT "product_template_oes_template_id_oe_norm_pk" PRIMARY KEY("template_id","oe_norm")
);
--> statement-breakpoint
ALTER TABLE "product_template_oes" ADD CONSTRAINT "product_template_oes_template_id_product_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."product_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_template_oes_norm_idx" ON "product_template_oes" USING btree ("oe_norm" text_pattern_ops,"template_id");--> statement-breakpoint
-- Backfill for libraries that existed before this table: own code, replacements, standard OE.
INSERT INTO "product_template_oes" ("template_id", "oe_norm", "kind")
SELECT id, oe_norm, 0 FROM "product_templates" WHERE oe_norm <> ''
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "product_template_oes" ("template_id", "oe_norm", "kind")
SELECT t.id, upper(regexp_replace(r.code, '[^A-Za-z0-9]', '', 'g')), 1
  FROM "product_templates" t, unnest(regexp_split_to_array(coalesce(t.replace_oe, ''), '[|,，;；]')) AS r(code)
 WHERE upper(regexp_replace(r.code, '[^A-Za-z0-9]', '', 'g')) <> ''
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "product_template_oes" ("template_id", "oe_norm", "kind")
SELECT id, upper(regexp_replace(default_std_oe, '[^A-Za-z0-9]', '', 'g')), 2 FROM "product_templates"
 WHERE upper(regexp_replace(coalesce(default_std_oe, ''), '[^A-Za-z0-9]', '', 'g')) <> ''
ON CONFLICT DO NOTHING;
