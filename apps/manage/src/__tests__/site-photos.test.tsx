import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { PhotoSection } from "../site/photo-section";
import { MenuSection } from "../site/menu-section";
import { contractProblems, renderSection, salon } from "./site-menu-harness";

/**
 * Photos on the Site screen: a chosen file is uploaded to manage/site/images/ as its own bytes, shown as a
 * thumbnail, and placed only with its alt text; the browser's checks and the service's refusals are
 * sentences; a placed photo's alt text can never be emptied; the gallery reorders and removes.
 */

const UPLOADED = { path: "uploads/0123456789abcdef.webp", width: 1200, height: 800 };

function fakeUploads(reply: { status: number; body: unknown } = { status: 201, body: UPLOADED }) {
  const calls: { url: string; method: string; contentType: string | null; body: unknown }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    calls.push({ url: String(input), method: init?.method ?? "GET", contentType: headers.get("content-type"), body: init?.body });
    const text = JSON.stringify(reply.body);
    return { ok: reply.status >= 200 && reply.status < 300, status: reply.status, statusText: "", text: async () => text } as Response;
  }) as typeof globalThis.fetch;
  return { fetch, calls };
}

const photo = (type = "image/jpeg", size = 2048) => {
  const file = new File([new Uint8Array(8)], "salon.jpg", { type });
  Object.defineProperty(file, "size", { value: size });
  return file;
};
const choose = (input: HTMLElement, file: File) =>
  act(() => {
    fireEvent.change(input, { target: { files: [file] } });
  });
const click = (element: Element) =>
  act(() => {
    fireEvent.click(element);
  });
const typeInto = (element: HTMLElement, value: string) =>
  act(() => {
    fireEvent.change(element, { target: { value } });
  });

describe("the photo picker", () => {
  it("uploads the chosen file as its bytes, and places it as the logo only once it has alt text", async () => {
    const service = fakeUploads();
    const document = salon();
    delete document.logo;
    const { state } = renderSection(PhotoSection, document, { fetch: service.fetch });
    const logo = screen.getByRole("group", { name: "Logo" });
    const file = photo();
    choose(within(logo).getByLabelText("Choose a photo"), file);
    await waitFor(() => expect(within(logo).getByRole("button", { name: "Use this photo" })).toBeInTheDocument());
    expect(service.calls).toEqual([{ url: "/api/manage/site/images/", method: "POST", contentType: "image/jpeg", body: file }]);
    expect(logo.querySelector("img")).toHaveAttribute("src", "/api/manage/site/images/uploads/0123456789abcdef.webp");

    click(within(logo).getByRole("button", { name: "Use this photo" }));
    const alt = within(logo).getByLabelText("Describe the photo (alt text)");
    expect(alt).toHaveAccessibleDescription("Describe the photo in a few words before placing it: people who cannot see it hear this instead.");
    expect(state.document.logo).toBeUndefined();
    typeInto(alt, "Luma's logo: a crescent moon over the word Luma");
    click(within(logo).getByRole("button", { name: "Use this photo" }));
    expect(state.document.logo).toEqual({ file: UPLOADED.path, alt: "Luma's logo: a crescent moon over the word Luma" });
    expect(within(logo).getByRole("img", { name: "Luma's logo: a crescent moon over the word Luma" })).toBeInTheDocument();
  });

  it.each([
    ["a file over 15 MB, before sending it", photo("image/jpeg", 16 * 1024 * 1024), undefined, /^This photo is larger than 15 MB/, 0],
    ["a HEIC photo, before sending it", photo("image/heic"), undefined, /^This file is not a photo the site can use/, 0],
    ["a file the service refuses (422)", photo("image/png"), { status: 422, body: { message: "body: expected a JPEG…", detail: [{ path: "body", message: "expected a JPEG…" }] } }, /^This file is not a photo the site can use/, 1],
  ])("refuses %s with a sentence", async (_what, file, reply, sentence, sent) => {
    const service = fakeUploads(reply);
    const document = salon();
    delete document.heroImage;
    renderSection(PhotoSection, document, { fetch: service.fetch });
    const hero = screen.getByRole("group", { name: "Main photo of the home page" });
    choose(within(hero).getByLabelText("Choose a photo"), file);
    await waitFor(() => expect(within(hero).getByRole("alert")).toHaveTextContent(sentence));
    expect(service.calls).toHaveLength(sent);
  });

  it("keeps a placed photo's alt text when it is emptied, and says why", () => {
    const { state } = renderSection(PhotoSection, salon());
    const logo = screen.getByRole("group", { name: "Logo" });
    const before = state.document.logo?.alt;
    const alt = within(logo).getByLabelText("Describe the photo (alt text)");
    typeInto(alt, "");
    expect(alt).toHaveAccessibleDescription(/^Describe the photo in a few words/);
    expect(state.document.logo?.alt).toBe(before);
    typeInto(alt, "The Luma logo");
    expect(state.document.logo?.alt).toBe("The Luma logo");
  });

  it("reorders and removes gallery photos", async () => {
    const document = salon();
    const [first, second] = document.images ?? [];
    const { state } = renderSection(PhotoSection, document);
    const photos = within(screen.getByRole("list", { name: "Gallery photos" }));
    click(within(photos.getAllByRole("listitem")[0]).getByRole("button", { name: "Move down" }));
    expect(state.document.images?.slice(0, 2)).toEqual([second, first]);
    click(photos.getAllByRole("button", { name: "Remove the photo" })[0]);
    expect(state.document.images?.[0]).toEqual(first);
    expect(contractProblems(state.document)).toEqual([]);
  });

  it("gives a menu item a photo with its alt text", async () => {
    const service = fakeUploads();
    const { state } = renderSection(MenuSection, salon(), { fetch: service.fetch });
    click(screen.getByRole("button", { name: "Kids' Cut (12 and under)" }));
    const picker = screen.getByRole("group", { name: "Photo of Kids' Cut (12 and under)" });
    choose(within(picker).getByLabelText(/Choose a photo|Replace the photo/), photo("image/webp"));
    await waitFor(() => expect(within(picker).getByRole("button", { name: "Use this photo" })).toBeInTheDocument());
    typeInto(within(picker).getByLabelText("Describe the photo (alt text)"), "A child smiling after a haircut");
    click(within(picker).getByRole("button", { name: "Use this photo" }));
    expect(state.document.menu?.items?.find((entry) => entry.name === "Kids' Cut (12 and under)")?.image).toMatchObject({ file: UPLOADED.path, alt: "A child smiling after a haircut" });
  });
});
