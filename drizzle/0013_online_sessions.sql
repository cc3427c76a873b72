ALTER TABLE "sessions" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_seq_idx" ON "sessions" USING btree ("seq");--> statement-breakpoint
CREATE INDEX "sessions_company_seen_idx" ON "sessions" USING btree ("company_id","last_seen_at");