// Generated from count-rows.wat by `npm run build:wasm`: do not edit.

/** The bytes of count-rows.wat, base64. */
export const COUNT_ROWS_WASM =
  'AGFzbQEAAAABCQFgBX9/f39/AAIPAQNlbnYGbWVtb3J5AgAAAwIBAAcNAQljb3VudExpc3QAAAp9AXsBBH8gAiADQQJ0aiEFAkADQCACIAVPDQEgACACKAIAQQJ0aiEIIAEgCCgCAEECdGohBiABIAgoAgRBAnRqIQgCQANAIAYgCE8NASAEIAYoAgBBAnRqIQcgByAHKAIAQQFqNgIAIAZBBGohBgwACwsgAkEEaiECDAALCws=';
