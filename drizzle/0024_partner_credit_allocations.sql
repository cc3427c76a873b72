CREATE TABLE "partner_credit_allocations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"credit_entry_id" bigint NOT NULL,
	"entry_id" bigint NOT NULL,
	"amount" numeric(16, 2) NOT NULL,
	CONSTRAINT "partner_credit_allocations_amount_pos" CHECK ("partner_credit_allocations"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "partner_credit_allocations" ADD CONSTRAINT "partner_credit_allocations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_credit_allocations" ADD CONSTRAINT "partner_credit_allocations_credit_entry_id_partner_account_entries_id_fk" FOREIGN KEY ("credit_entry_id") REFERENCES "public"."partner_account_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_credit_allocations" ADD CONSTRAINT "partner_credit_allocations_entry_id_partner_account_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."partner_account_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_credit_allocations_credit_idx" ON "partner_credit_allocations" USING btree ("company_id","credit_entry_id");--> statement-breakpoint
CREATE INDEX "partner_credit_allocations_entry_idx" ON "partner_credit_allocations" USING btree ("company_id","entry_id");