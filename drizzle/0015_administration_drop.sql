ALTER TABLE "company_users" DROP CONSTRAINT "company_users_role_id_roles_id_fk";
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "companies" DROP COLUMN "is_locked";--> statement-breakpoint
ALTER TABLE "company_users" DROP COLUMN "role_id";