// One Lua script applies every cart mutation: the site and If-Match checks, the Idempotency-Key record and the
// change itself run as one atomic Redis step, so concurrent writers need no lock.
//
// KEYS[1] the cart, KEYS[2] the idempotency record (the cart key again when there is none)
// ARGV[1] expected version ('' = last write wins)   ARGV[2] the change (JSON)   ARGV[3] cart TTL seconds
// ARGV[4] request fingerprint ('' = no key)          ARGV[5] idempotency TTL    ARGV[6] now (ISO)
// ARGV[7] '1' resets the TTL, '0' keeps it           ARGV[8] the caller's site id
// Answers JSON: {ok=cart} | {replay=cart} | {err=CODE, cart=cart}.
export const CART_MUTATE_LUA = `
local raw = redis.call('GET', KEYS[1])
if not raw then return cjson.encode({err = 'EXPIRED'}) end
local cart = cjson.decode(raw)
if tostring(cart.site) ~= ARGV[8] then return cjson.encode({err = 'EXPIRED'}) end
local fp = ARGV[4]
if fp ~= '' then
  local seen = redis.call('GET', KEYS[2])
  if seen then
    local record = cjson.decode(seen)
    if record.f == fp then return cjson.encode({replay = record.cart}) end
    return cjson.encode({err = 'REUSED', cart = cart})
  end
end
if ARGV[1] ~= '' and tonumber(ARGV[1]) ~= cart.v then return cjson.encode({err = 'CONFLICT', cart = cart}) end
local op = cjson.decode(ARGV[2])
local lines = cart.lines
local function find(field, value)
  for i, line in ipairs(lines) do if line[field] == value then return i, line end end
  return nil, nil
end
local fail = nil
if op.t == 'add' then
  if op.m ~= cart.market then
    fail = 'MARKET'
  else
    local _, line = find('sku', op.sku)
    if line then
      if line.q + op.q > op.max then fail = 'STOCK' else line.q = line.q + op.q end
    elseif #lines >= op.limit then fail = 'FULL'
    elseif op.q > op.max then fail = 'STOCK'
    else
      table.insert(lines, {id = 'l' .. cart.n, sku = op.sku, q = op.q, p = op.p, c = op.c})
      cart.n = cart.n + 1
    end
  end
elseif op.t == 'set' then
  local _, line = find('id', op.id)
  if not line then fail = 'LINE' elseif op.q > op.max then fail = 'STOCK' else line.q = op.q end
elseif op.t == 'del' then
  local i = find('id', op.id)
  if not i then fail = 'LINE' else table.remove(lines, i) end
elseif op.t == 'market' or op.t == 'fix' then
  local kept = {}
  for _, line in ipairs(lines) do
    local id = line.id
    if not op.drop[id] then
      if op.cut[id] and op.cut[id] < line.q then line.q = op.cut[id] end
      if op.price and op.price[id] then line.p = op.price[id].p; line.c = op.price[id].c end
      table.insert(kept, line)
    end
  end
  lines = kept
  if op.t == 'market' then cart.market = op.m end
end
if fail then return cjson.encode({err = fail, cart = cart}) end
cart.lines = lines
cart.v = cart.v + 1
cart.updated = ARGV[6]
local encoded = cjson.encode(cart)
if ARGV[7] == '1' then
  redis.call('SET', KEYS[1], encoded, 'EX', tonumber(ARGV[3]))
else
  redis.call('SET', KEYS[1], encoded, 'KEEPTTL')
end
if fp ~= '' then redis.call('SET', KEYS[2], '{"f":' .. cjson.encode(fp) .. ',"cart":' .. encoded .. '}', 'EX', tonumber(ARGV[5])) end
-- The cart is encoded once: the answer wraps the bytes just stored.
return '{"ok":' .. encoded .. '}'
`;
