import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unzipSync, zipSync } from "fflate";
import { ADDIN } from "../../scripts/addin/description.cjs";
import { appPackageProblems, REPO_ROOT } from "../../scripts/manifest-checks.cjs";
import { BUILD_UNDER_TEST } from "../support/build-under-test";
import { pixelsOf, readRgbaPng } from "../support/png";

/** dist/app-package.zip: what the admin center and Teams take, with the two icons the unified manifest requires. */
const entries = () => unzipSync(readFileSync(join(BUILD_UNDER_TEST, "app-package.zip")));

describe("the app package", () => {
  it("holds manifest.json (the build's) and the color and outline icons at the paths it names", () => {
    const files = entries();
    expect(Object.keys(files).sort()).toEqual([
      "assets/icon-color-192.png",
      "assets/icon-outline-32.png",
      "manifest.json",
    ]);
    const manifest = Buffer.from(files["manifest.json"] ?? []);
    expect(manifest.equals(readFileSync(join(BUILD_UNDER_TEST, "manifest.json")))).toBe(true);
    expect((JSON.parse(manifest.toString()) as { icons: unknown }).icons).toEqual({
      color: "assets/icon-color-192.png",
      outline: "assets/icon-outline-32.png",
    });
    expect(appPackageProblems(BUILD_UNDER_TEST)).toEqual([]);
  });

  it("has a 192 x 192 color icon with no transparent pixel", () => {
    const color = readRgbaPng(Buffer.from(entries()[ADDIN.icons.color] ?? []));
    expect([color.width, color.height]).toEqual([192, 192]);
    expect(pixelsOf(color).filter(([, , , alpha]) => alpha !== 255)).toEqual([]);
  });

  it("has a 32 x 32 outline icon: white on a transparent background", () => {
    const outline = readRgbaPng(Buffer.from(entries()[ADDIN.icons.outline] ?? []));
    expect([outline.width, outline.height]).toEqual([32, 32]);
    const pixels = pixelsOf(outline);
    expect(pixels.filter(([r, g, b, alpha]) => alpha > 0 && (r !== 255 || g !== 255 || b !== 255))).toEqual([]);
    // The corners are background; the chart itself is drawn.
    for (const index of [0, 31, 32 * 31, 32 * 32 - 1]) expect(pixels[index]?.[3]).toBe(0);
    expect(pixels.filter(([, , , alpha]) => alpha === 0).length).toBeGreaterThan(512);
    expect(pixels.filter(([, , , alpha]) => alpha === 255).length).toBeGreaterThan(64);
  });
});

describe("the app package check", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "app-package-"));
    copyFileSync(join(BUILD_UNDER_TEST, "manifest.json"), join(dir, "manifest.json"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("reports a package without the outline icon, and one whose manifest is not the build's", () => {
    const manifest = readFileSync(join(dir, "manifest.json"));
    const color = readFileSync(join(REPO_ROOT, ADDIN.icons.color));
    writeFileSync(join(dir, "app-package.zip"), zipSync({ "manifest.json": manifest, [ADDIN.icons.color]: color }));
    expect(appPackageProblems(dir)).toEqual([
      `${join(dir, "app-package.zip")} holds assets/icon-color-192.png, manifest.json; it must hold exactly assets/icon-color-192.png, assets/icon-outline-32.png, manifest.json`,
    ]);
    const outline = readFileSync(join(REPO_ROOT, ADDIN.icons.outline));
    const stale = Buffer.from(manifest.toString().replace('"0.', '"9.'));
    writeFileSync(
      join(dir, "app-package.zip"),
      zipSync({ "manifest.json": stale, [ADDIN.icons.color]: color, [ADDIN.icons.outline]: outline }),
    );
    expect(appPackageProblems(dir)).toEqual([
      `${join(dir, "app-package.zip")}: manifest.json differs from the build's manifest.json`,
    ]);
  });
});
