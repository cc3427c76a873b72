CREATE TABLE "company_user_roles" (
	"company_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "company_user_roles_company_id_user_id_role_id_pk" PRIMARY KEY("company_id","user_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "company_users" ALTER COLUMN "role_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "company_users" ADD COLUMN "is_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_users" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "company_user_roles" ADD CONSTRAINT "company_user_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_user_roles" ADD CONSTRAINT "company_user_roles_company_id_user_id_company_users_company_id_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."company_users"("company_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_user_roles_role_idx" ON "company_user_roles" USING btree ("role_id");--> statement-breakpoint
INSERT INTO "company_user_roles" ("company_id", "user_id", "role_id") SELECT "company_id", "user_id", "role_id" FROM "company_users" WHERE "role_id" IS NOT NULL;--> statement-breakpoint
UPDATE "companies" SET "status" = 2 WHERE "is_locked" AND "status" = 1;