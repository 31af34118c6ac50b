// Config files: YAML and JSON, zod validation with errors naming file + path + problem, the
// generated JSON Schema, and stack options checked by the stack's own schema.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { loadConfig, parseConfig } from "../src/config/load.js";
import { configJsonSchema } from "../src/config/schema.js";
import { parseStackOptions } from "../src/config/stack-options.js";
import { InputError } from "../src/core/errors.js";

const dir = mkdtempSync(join(tmpdir(), "fg-config-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const yaml = `# production audience on vLLM, embedder offline
stack: humor
models:
  audience:
    baseUrl: http://10.0.0.5:8000/v1
    model: Qwen/Qwen3-8B
    apiKeyEnv: VLLM_KEY
    concurrency: 24
    batchInvariant: true
    continuationMethod: prompt_logprobs
  embedder:
    baseUrl: embedded
cache:
  path: runs/cache.sqlite
  epoch: 2
options:
  preset: RL-E
`;

describe("loadConfig", () => {
  it("reads YAML and JSON into the same validated config with defaults filled in", () => {
    const yamlPath = join(dir, "foolsgold.yaml");
    writeFileSync(yamlPath, yaml);
    const fromYaml = loadConfig(yamlPath);
    expect(fromYaml).toEqual({
      stack: "humor",
      models: {
        audience: {
          baseUrl: "http://10.0.0.5:8000/v1",
          model: "Qwen/Qwen3-8B",
          apiKeyEnv: "VLLM_KEY",
          concurrency: 24,
          batchInvariant: true,
          continuationMethod: "prompt_logprobs",
        },
        embedder: { baseUrl: "embedded" },
      },
      cache: { enabled: true, path: "runs/cache.sqlite", cacheSampled: false, epoch: 2 },
      options: { preset: "RL-E" },
    });
    const jsonPath = join(dir, "foolsgold.json");
    writeFileSync(jsonPath, JSON.stringify({ $schema: "./schemas/config.schema.json", ...fromYaml }));
    const { $schema, ...fromJson } = loadConfig(jsonPath);
    expect($schema).toBe("./schemas/config.schema.json");
    expect(fromJson).toEqual(fromYaml);
    expect(parseConfig("", "empty.yaml")).toEqual({ models: {}, cache: { enabled: true, cacheSampled: false, epoch: 0 }, options: {} });
  });

  it.each([
    ["models:\n  audience:\n    baseUrl: localhost:8000\n    model: m\n", /^foolsgold\.yaml: models\.audience\.baseUrl: expected an http\(s\) URL/],
    ["models:\n  audience:\n    baseUrl: http://h/v1\n", /^foolsgold\.yaml: models\.audience\.model: required for a server URL/],
    ["models:\n  judge:\n    baseUrl: http://h/v1\n    model: m\n    apiKey: sk-123\n", /models\.judge: unknown field "apiKey" \(put the key in an environment variable and name it in apiKeyEnv\)/],
    ["models:\n  a:\n    baseUrl: embedded\n    concurrency: 0\n", /models\.a\.concurrency: Too small: expected number to be >=1/],
    ["models:\n  a:\n    baseUrl: embedded\n    continuationMethod: logits\n", /models\.a\.continuationMethod: Invalid option: expected one of "echo"\|"prompt_logprobs"/],
    ["cache:\n  enabled: 'yes'\n", /cache\.enabled: Invalid input: expected boolean, received string/],
    ["models:\n  9lives:\n    baseUrl: embedded\n", /models\.9lives: invalid name: role names are letters, digits, _ and -/],
    ["stack: humor\nstacks: prose\n", /\(top level\): unknown field "stacks"/],
    ["models: [1, 2\n", /^foolsgold\.yaml:\d+:\d+: not valid YAML: /],
    ["stack: a\nstack: b\n", /not valid YAML: Map keys must be unique/],
  ])("explains %j", (text, message) => {
    expect(() => parseConfig(text, "foolsgold.yaml")).toThrow(message);
    expect(() => parseConfig(text, "foolsgold.yaml")).toThrow(InputError);
  });

  it("reports several problems at once, with their paths", () => {
    const text = "models:\n  a:\n    baseUrl: nope\n  b:\n    baseUrl: embedded\n    timeoutMs: -1\n";
    expect(() => parseConfig(text, "c.yaml")).toThrow(/^c\.yaml: models\.a\.baseUrl: .*; models\.b\.timeoutMs: /);
  });

  it("names a missing file and invalid JSON", () => {
    expect(() => loadConfig(join(dir, "absent.yaml"))).toThrow(/absent\.yaml: config file not found/);
    const bad = join(dir, "bad.json");
    writeFileSync(bad, '{"models": {,}}');
    expect(() => loadConfig(bad)).toThrow(/bad\.json: not valid JSON: /);
  });
});

describe("config JSON Schema", () => {
  it("is generated from the zod schema and checked in up to date (run `npm run schema`)", () => {
    const onDisk = JSON.parse(readFileSync(join(import.meta.dirname, "..", "schemas", "config.schema.json"), "utf8"));
    expect(onDisk).toEqual(configJsonSchema());
  });

  it("describes the backend fields editors complete", () => {
    const schema = configJsonSchema() as { properties: { models: { additionalProperties: { properties: Record<string, { description?: string }>; additionalProperties: boolean } } } };
    const backend = schema.properties.models.additionalProperties;
    expect(Object.keys(backend.properties)).toEqual(expect.arrayContaining(["baseUrl", "model", "apiKeyEnv", "concurrency", "timeoutMs", "maxRetries", "continuationMethod", "extraBody"]));
    expect(backend.additionalProperties).toBe(false);
    expect(backend.properties.apiKeyEnv.description).toMatch(/environment variable/);
  });
});

describe("stack options", () => {
  it("are validated by the stack's schema with the path inside the file", () => {
    const schema = z.strictObject({ weights: z.strictObject({ taste: z.number().min(0) }).default({ taste: 1 }), floor: z.number().default(0.2) });
    expect(parseStackOptions(schema, {}, "f.yaml")).toEqual({ weights: { taste: 1 }, floor: 0.2 });
    expect(() => parseStackOptions(schema, { weights: { taste: -1 } }, "f.yaml")).toThrow(/^f\.yaml: options\.weights\.taste: Too small/);
    expect(() => parseStackOptions(schema, { flor: 1 }, "f.yaml")).toThrow(/^f\.yaml: options: unknown field "flor"/);
  });
});
