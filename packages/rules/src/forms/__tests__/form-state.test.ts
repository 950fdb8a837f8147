import {
  canSubmit,
  changeField,
  errorFields,
  fail,
  flagField,
  hold,
  initialFormState,
  release,
  startSubmit,
  succeed,
  type FormState,
  type FormStatus,
  type Validate,
} from "../form-state";
import { adoptShownValues, problemSummary, restart, suggestField } from "../form-kit-state";

type Values = { name: string; email: string; optIn: boolean };
const empty: Values = { name: "", email: "", optIn: false };
const filled: Values = { name: "Ada", email: "ada@example.com", optIn: true };
const validate: Validate<Values> = (values) => ({
  ...(values.name ? {} : { name: "Enter your name." }),
  ...(values.email.includes("@") ? {} : { email: "Enter your email." }),
});
const labels = { name: "Name", email: "Email" };
const summarize = (fields: readonly string[]) => problemSummary(fields, labels);

function at(status: FormStatus, values: Values = filled): FormState<Values, string> {
  return { ...initialFormState<Values, string>(values), status };
}

describe("startSubmit", () => {
  it.each<[string, FormState<Values, string>, boolean, FormStatus]>([
    ["a valid form from editing sends", at("editing"), true, "submitting"],
    ["a valid form after a failure sends again (retry)", at("failed"), true, "submitting"],
    ["a second press while one is in flight sends nothing", at("submitting"), false, "submitting"],
    ["a press after success sends nothing", at("succeeded"), false, "succeeded"],
    ["an invalid form does not send and stays editable", at("editing", empty), false, "editing"],
  ])("%s", (_name, state, send, status) => {
    const next = startSubmit(state, validate, summarize);
    expect(next.send).toBe(send);
    expect(next.state.status).toBe(status);
    expect(next.state.values).toEqual(state.values);
  });

  it("names every field to fix, in form order, and counts the refusal", () => {
    const { state } = startSubmit(at("editing", { ...empty, optIn: true }), validate, summarize);
    expect(state.errors).toEqual({ name: "Enter your name.", email: "Enter your email." });
    expect(state.message).toBe("Please fix 2 fields: Name, Email.");
    expect(state.attempt).toBe(1);
  });

  it("leaves the message empty for a form that lists the fields itself (no summarize)", () => {
    const { state } = startSubmit(at("editing", empty), validate);
    expect(state).toMatchObject({ status: "editing", message: null, errors: { name: "Enter your name.", email: "Enter your email." }, attempt: 1 });
  });

  it("keeps the page's order of the fields when the form is sent, for naming the fields the service refuses", () => {
    const { state } = startSubmit(at("editing"), validate, summarize, ["email", "name"]);
    expect(state).toMatchObject({ status: "submitting", order: ["email", "name"] });
  });

  it("clears an earlier message and errors when the form is sent", () => {
    const refused = fail(at("submitting"), "Service down");
    const { state } = startSubmit(refused, validate);
    expect(state).toMatchObject({ status: "submitting", message: null, errors: {} });
  });
});

describe("changeField", () => {
  it("keeps the other values and clears only the changed field's error", () => {
    const { state } = startSubmit(at("editing", empty), validate, summarize);
    const next = changeField(state, "name", "Ada");
    expect(next.values).toEqual({ ...empty, name: "Ada" });
    expect(next.errors).toEqual({ email: "Enter your email." });
  });

  it.each<FormStatus>(["submitting", "succeeded"])("ignores typing while %s", (status) => {
    const state = at(status);
    expect(changeField(state, "name", "Bob")).toBe(state);
  });
});

describe("suggestField", () => {
  it.each<[string, FormState<Values, string>, Values]>([
    ["fills an empty field", at("editing", empty), { ...empty, name: "Ada" }],
    ["never overwrites what the visitor typed", at("editing", { ...empty, name: "Bob" }), { ...empty, name: "Bob" }],
    ["leaves a form that failed alone (the visitor is correcting it)", at("failed", empty), empty],
    ["leaves a form being sent alone", at("submitting", empty), empty],
    ["leaves a sent form alone", at("succeeded", empty), empty],
    ["never fills a field the visitor was just told to fill in (the box would show a value beside its error)", { ...at("editing", empty), errors: { name: "Enter your name." }, attempt: 1 }, empty],
  ])("%s", (_name, state, values) => {
    expect(suggestField(state, "name", "Ada").values).toEqual(values);
  });
});

describe("adoptShownValues (typed into the page before the form's code arrived)", () => {
  it.each<[string, FormState<Values, string>, Partial<Values>, Values]>([
    ["an empty field takes what the page shows", at("editing", empty), { name: "Ada", optIn: true }, { ...empty, name: "Ada", optIn: true }],
    ["a field with a value keeps it", at("editing", { ...empty, name: "Bob" }), { name: "Ada" }, { ...empty, name: "Bob" }],
    ["an empty box changes nothing", at("editing", { ...empty, name: "Bob" }), { name: "" }, { ...empty, name: "Bob" }],
    ["a value of another kind is ignored", at("editing", empty), { optIn: "yes" as unknown as boolean }, empty],
    ["a form being sent is left alone", at("submitting", empty), { name: "Ada" }, empty],
  ])("%s", (_name, state, shown, values) => {
    expect(adoptShownValues(state, shown).values).toEqual(values);
  });

  it("clears the error of a field it fills", () => {
    const state = { ...at("editing", empty), errors: { name: "Enter your name." } };
    expect(adoptShownValues(state, { name: "Ada" }).errors).toEqual({});
  });
});

describe("succeed, fail and restart", () => {
  it("keeps what the visitor typed when the service refuses, with its message and field errors", () => {
    const next = fail(at("submitting"), "body.contact_email: expected an email", { email: "Expected an email." });
    expect(next).toMatchObject({ status: "failed", values: filled, message: "body.contact_email: expected an email", errors: { email: "Expected an email." }, attempt: 1 });
  });

  it.each<[string, (state: FormState<Values, string>) => FormState<Values, string>]>([
    ["succeed", (state) => succeed(state, "ok")],
    ["fail", (state) => fail(state, "no")],
  ])("%s only applies to a submission in flight", (_name, apply) => {
    const editing = at("editing");
    expect(apply(editing)).toBe(editing);
  });

  it("records the result on success and starts an empty form on restart, keeping the named fields", () => {
    const done = succeed(at("submitting"), "R-ABCD-EF23");
    expect(done).toMatchObject({ status: "succeeded", result: "R-ABCD-EF23" });
    expect(restart(done, empty, ["email"])).toMatchObject({ status: "editing", values: { name: "", email: "ada@example.com", optIn: false }, result: null });
  });

  it.each<[FormStatus, boolean]>([
    ["editing", true],
    ["failed", true],
    ["submitting", false],
    ["succeeded", false],
    ["held", false],
  ])("canSubmit(%s) → %s", (status, expected) => {
    expect(canSubmit({ status })).toBe(expected);
  });
});

describe("hold, release and flagField (a run that needs the visitor to confirm something)", () => {
  const step = (state: FormState<Values, string>, event: string): FormState<Values, string> => {
    if (event === "submit") return startSubmit(state, validate, summarize).state;
    if (event === "fail") return fail(state, "no");
    if (event === "hold") return hold(state);
    if (event === "release") return release(state);
    return succeed(state, "placed");
  };
  it.each<[string, FormStatus, string, FormStatus]>([
    ["submit starts a run", "editing", "submit", "submitting"],
    ["a second submit during a run is ignored (double click)", "submitting", "submit", "submitting"],
    ["a submit while the form is held is ignored", "held", "submit", "held"],
    ["a failure keeps the form editable", "submitting", "fail", "failed"],
    ["changed prices hold the run", "submitting", "hold", "held"],
    ["confirming them returns to editing for a new review", "held", "release", "editing"],
    ["release does nothing to a form that is not held", "submitting", "release", "submitting"],
    ["success is final", "submitting", "succeed", "succeeded"],
    ["a stray failure after success changes nothing", "succeeded", "fail", "succeeded"],
    ["a stray hold after success changes nothing", "succeeded", "hold", "succeeded"],
  ])("%s", (_label, from, event, to) => {
    expect(step(at(from), event).status).toBe(to);
  });

  it("a held form takes a new message and keeps values and errors", () => {
    const held = hold({ ...at("submitting"), errors: { name: "x" } }, "Read the new total.");
    expect(held).toMatchObject({ status: "held", message: "Read the new total.", values: filled, errors: { name: "x" } });
    expect(hold(held, "Accepting failed.").message).toBe("Accepting failed.");
    expect(release(held).message).toBeNull();
  });

  it("flags one field and leaves the rest", () => {
    const state = { ...at("failed"), errors: { name: "Enter your name." } };
    expect(flagField(state, "email", "Gone.")).toMatchObject({ status: "failed", values: filled, errors: { name: "Enter your name.", email: "Gone." } });
  });
});

describe("errorFields and problemSummary", () => {
  it("orders fields as the form lists them, unknown ones last", () => {
    expect(errorFields({ values: filled, errors: { email: "x", name: "y", other: "z" } as never })).toEqual(["name", "email", "other"]);
  });

  // The careers form declares name, email, phone, role, message, but lays out name beside role, then email
  // beside phone: its summary read "Name, Email, Role" above fields reading Name, Role, Email.
  type Application = { name: string; email: string; phone: string; role: string; message: string };
  const application: Application = { name: "", email: "", phone: "", role: "", message: "" };
  const everyError = { name: "a", email: "b", role: "c", message: "d" };
  const applicationLabels = { name: "Name", email: "Email", phone: "Phone", role: "Role", message: "About you" };
  it.each<[string, readonly string[] | undefined, string]>([
    ["the layout's order", ["name", "role", "email", "phone", "message"], "Please fix 4 fields: Name, Role, Email, About you."],
    ["without a layout, the declared order", undefined, "Please fix 4 fields: Name, Email, Role, About you."],
    ["a layout naming some fields: those first, the rest as declared", ["message", "role"], "Please fix 4 fields: About you, Role, Name, Email."],
    ["a layout naming fields the values lack", ["captcha", "role", "name"], "Please fix 4 fields: Role, Name, Email, About you."],
  ])("the summary and the focus follow %s", (_name, order, summary) => {
    const { state } = startSubmit({ ...initialFormState<Application, string>(application) }, () => everyError, (fields) => problemSummary(fields, applicationLabels), order);
    expect(state.message).toBe(summary);
    // The first field the summary names is where focus goes (errorFields()[0]), on every later read too.
    expect(errorFields(state).map((field) => applicationLabels[field])).toEqual(summary.replace(/^[^:]*: /, "").replace(/\.$/, "").split(", "));
  });

  it.each<[string[], string]>([
    [[], ""],
    [["email"], "Please fix 1 field: Email."],
    [["name", "email"], "Please fix 2 fields: Name, Email."],
    [["phone"], "Please fix 1 field: phone."],
  ])("%j → %s", (fields, expected) => {
    expect(problemSummary(fields, labels)).toBe(expected);
  });
});
