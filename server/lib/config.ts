import path from "node:path";

/** Process configuration, read once from the environment. */
export const config = {
  /**
   * Deployment mode: production only when NODE_ENV=production was given. main.ts records the
   * mode in QIPEI_MODE before it switches an unset NODE_ENV to "production" so that React and
   * Remix run their optimised builds (and show no stack traces) in the demo too.
   */
  get isProduction() {
    return (process.env.QIPEI_MODE ?? process.env.NODE_ENV) === "production";
  },
  /** Remix's own mode: development (stack traces in error pages) only when asked for. */
  get remixMode(): "development" | "production" {
    return process.env.NODE_ENV === "development" ? "development" : "production";
  },
  get port() {
    return Number(process.env.PORT) || 3000;
  },
  get host() {
    return process.env.HOST || "127.0.0.1";
  },
  get dataDir() {
    return path.resolve(process.env.DATA_DIR || "./data");
  },
  get databaseUrl() {
    return process.env.DATABASE_URL || "";
  },
  get demoPassword() {
    return process.env.DEMO_PASSWORD || "Demo@123456";
  },
  /** Sign-in attempts allowed per client address per minute (spec: 10). */
  get loginRateLimit() {
    return Number(process.env.LOGIN_RATE_LIMIT) || 10;
  },
  /** Largest attachment file (/system/attachment), bytes: ATTACHMENT_MAX_BYTES, default 10 MB. */
  get attachmentMaxBytes() {
    const n = Number(process.env.ATTACHMENT_MAX_BYTES);
    return Number.isSafeInteger(n) && n > 0 ? n : 10 * 1024 * 1024;
  },
  /** Attachments one company may upload per minute (all its users together), counted in the database. */
  get attachmentUploadsPerMinute() {
    return Number(process.env.ATTACHMENT_UPLOADS_PER_MINUTE) || 60;
  },
  /**
   * An S3-compatible store for attachments when all four of S3_ENDPOINT, S3_BUCKET,
   * S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set (S3_REGION defaults to us-east-1);
   * otherwise files live on disk under DATA_DIR/attachments.
   */
  get s3() {
    const endpoint = process.env.S3_ENDPOINT?.trim();
    const bucket = process.env.S3_BUCKET?.trim();
    const accessKeyId = process.env.S3_ACCESS_KEY_ID?.trim();
    const secretAccessKey = process.env.S3_SECRET_ACCESS_KEY?.trim();
    if (!endpoint || !bucket || !accessKeyId || !secretAccessKey) return undefined;
    return { endpoint, bucket, accessKeyId, secretAccessKey, region: process.env.S3_REGION?.trim() || "us-east-1" };
  },
  /** Extra origins (comma separated, e.g. the public https address behind a proxy) trusted for POSTs. */
  get allowedOrigins() {
    return (process.env.ALLOWED_ORIGINS || "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  },
};
