import { PublishStatusReplySchema, RollbackBody } from "../publish-api";

describe("RollbackBody", () => {
  it.each([
    [{ version: 3 }, true, ""],
    [{ version: 0 }, false, "expected a version number of at least 1"],
    [{ version: 1.5 }, false, "expected a whole version number"],
    [{ version: "3" }, false, "expected the number of a published version"],
    [{}, false, "expected the number of a published version"],
    [{ version: 3, revision: 2 }, false, 'Unrecognized key: "revision"'],
  ])("%j → valid %s %s", (body, valid, message) => {
    const result = RollbackBody.safeParse(body);
    expect(result.success).toBe(valid);
    if (!result.success) expect(result.error.issues[0].message).toBe(message);
  });
});

describe("PublishStatusReplySchema", () => {
  it.each([
    [{ status: "queued", version: 1, revision: 4, seconds: 0 }, true],
    [{ status: "failed", version: 2, revision: 4, seconds: 41, message: "The site could not be built." }, true],
    [{ status: "done", version: 1, revision: 4, seconds: 0 }, false],
    [{ status: "live", version: 1, revision: 4, seconds: -1 }, false],
    [{ status: "live", version: 1, revision: 4, seconds: 3, log: "gatsby output" }, false],
  ])("%j → valid %s", (reply, valid) => {
    expect(PublishStatusReplySchema.safeParse(reply).success).toBe(valid);
  });
});
