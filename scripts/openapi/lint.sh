#!/usr/bin/env bash
# Lints both OpenAPI documents (storefront and business API) with Redocly (recommended-strict: its warnings
# fail too) and Spectral (spectral:oas, failing on warnings). The linters are not project dependencies: they are
# installed once into a scratch folder outside the project ($OAS_LINT_DIR, default /tmp/aisle-oas-lint).
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
tools="${OAS_LINT_DIR:-/tmp/aisle-oas-lint}"
out="$root/.data/openapi"

if [ ! -x "$tools/node_modules/.bin/redocly" ] || [ ! -x "$tools/node_modules/.bin/spectral" ]; then
  echo "installing the linters into $tools"
  mkdir -p "$tools"
  npm install --prefix "$tools" --no-audit --no-fund --loglevel=error '@redocly/cli@~2.77.0' '@stoplight/spectral-cli@~6.16.3'
fi
printf 'extends: ["spectral:oas"]\n' > "$tools/.spectral.yaml"
printf 'extends:\n  - recommended-strict\n' > "$tools/redocly.yaml"

(cd "$root" && npx tsx scripts/openapi/write-documents.ts "$out")

# One accepted exception, keyed to this one path: the spec's `/v1/products/{slugOrId}/variants` and
# `/v1/products/facets/{key}` both match `/v1/products/facets/variants` (the server answers the facet search: its
# route comes first); `/v1/products/by-sku/{sku}` meets the variants path likewise, reported at the same place.
# Redocly reads the ignore file next to its config, keyed by document path relative to it.
printf '%s:\n  no-ambiguous-paths:\n    - "#/paths/~1v1~1products~1{slugOrId}~1variants"\n' \
  "$(realpath --relative-to="$tools" "$out/storefront-v1.json")" > "$tools/.redocly.lint-ignore.yaml"

status=0
for document in "$out/storefront-v1.json" "$out/business-v1.json"; do
  echo "== redocly lint $(basename "$document")"
  "$tools/node_modules/.bin/redocly" lint --config "$tools/redocly.yaml" "$document" 2>&1 | grep -v -E '^ *(║|╔|╚)' || status=1
  echo "== spectral lint $(basename "$document")"
  "$tools/node_modules/.bin/spectral" lint --ruleset "$tools/.spectral.yaml" --fail-severity warn "$document" || status=1
done
exit "$status"
