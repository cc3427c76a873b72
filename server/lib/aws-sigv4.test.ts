import { describe, expect, it } from "vitest";
import { EMPTY_SHA256, sha256Hex, signRequest } from "./aws-sigv4";

/**
 * The expected values are AWS's own: the Signature Version 4 test suite (credentials
 * AKIDEXAMPLE, 2015-08-30T12:36:00Z, service "service") and the worked examples of the S3
 * documentation ("Signature calculations for the Authorization header": GET object, PUT
 * object, GET bucket lifecycle, list objects; credentials AKIAIOSFODNN7EXAMPLE, 2013-05-24).
 */
const suite = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY", region: "us-east-1", service: "service" };
const suiteAt = new Date(Date.UTC(2015, 7, 30, 12, 36, 0));
const s3 = { accessKeyId: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", region: "us-east-1", service: "s3" };
const s3At = new Date(Date.UTC(2013, 4, 24, 0, 0, 0));

describe("AWS Signature Version 4", () => {
  it("get-vanilla of the test suite", () => {
    const signed = signRequest({ method: "GET", url: "https://example.amazonaws.com/", payloadHash: EMPTY_SHA256 }, suite, suiteAt);
    expect(signed.canonicalRequest).toBe("GET\n/\n\nhost:example.amazonaws.com\nx-amz-date:20150830T123600Z\n\nhost;x-amz-date\n" + EMPTY_SHA256);
    expect(signed.stringToSign).toBe(
      "AWS4-HMAC-SHA256\n20150830T123600Z\n20150830/us-east-1/service/aws4_request\nbb579772317eb040ac9ed261061d46c1f17a8133879d6129b6e1c25292927e63",
    );
    expect(signed.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20150830/us-east-1/service/aws4_request, SignedHeaders=host;x-amz-date, Signature=5fa00fa31553b73ebf1942676e86291e8372ff2a2260956d9b8aae1d763fbf31",
    );
    expect(signed["x-amz-date"]).toBe("20150830T123600Z");
  });

  it("get-vanilla-query-order-key-case of the test suite: query parameters sorted", () => {
    const signed = signRequest({ method: "GET", url: "https://example.amazonaws.com/?Param2=value2&Param1=value1", payloadHash: EMPTY_SHA256 }, suite, suiteAt);
    expect(signed.signature).toBe("b97d918cfa904a5beff61c982a1b6f458b799221646efd99d3219ec94cdf2500");
  });

  it("S3 GET object with a Range header", () => {
    const signed = signRequest(
      {
        method: "GET",
        url: "https://examplebucket.s3.amazonaws.com/test.txt",
        headers: { Range: "bytes=0-9", "x-amz-content-sha256": EMPTY_SHA256 },
        payloadHash: EMPTY_SHA256,
      },
      s3,
      s3At,
    );
    expect(signed.stringToSign.split("\n").pop()).toBe("7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972");
    expect(signed.authorization).toBe(
      "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
    );
  });

  it("S3 PUT object: a '$' in the key is encoded once, the body's hash is signed", () => {
    const body = "Welcome to Amazon S3.";
    const hash = sha256Hex(body);
    expect(hash).toBe("44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072");
    const signed = signRequest(
      {
        method: "PUT",
        url: "https://examplebucket.s3.amazonaws.com/test$file.text",
        headers: { Date: "Fri, 24 May 2013 00:00:00 GMT", "x-amz-storage-class": "REDUCED_REDUNDANCY", "x-amz-content-sha256": hash },
        payloadHash: hash,
      },
      s3,
      s3At,
    );
    expect(signed.canonicalRequest.split("\n")[1]).toBe("/test%24file.text");
    expect(signed.stringToSign.split("\n").pop()).toBe("9e0e90d9c76de8fa5b200d8c849cd5b8dc7a3be3951ddb7f6a76b4158342019d");
    expect(signed.signature).toBe("98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd");
  });

  it("S3 GET bucket lifecycle (a key without value) and list objects (two parameters)", () => {
    const headers = { "x-amz-content-sha256": EMPTY_SHA256 };
    const lifecycle = signRequest({ method: "GET", url: "https://examplebucket.s3.amazonaws.com/?lifecycle", headers, payloadHash: EMPTY_SHA256 }, s3, s3At);
    expect(lifecycle.canonicalRequest.split("\n")[2]).toBe("lifecycle=");
    expect(lifecycle.signature).toBe("fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543");
    const list = signRequest(
      { method: "GET", url: "https://examplebucket.s3.amazonaws.com/?max-keys=2&prefix=J", headers, payloadHash: EMPTY_SHA256 },
      s3,
      s3At,
    );
    expect(list.signature).toBe("34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7");
  });
});
