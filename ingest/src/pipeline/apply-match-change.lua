-- One atomic write per match change: check the base the diff was made from, bump the sequence number,
-- store the new snapshot, append the delta to the capped stream, update the indexes, publish.
-- Every check comes before the first write: Redis does not roll a script back when it fails half-way.
--
-- KEYS: 1 match hash, 2 delta stream, 3 match channel, 4 scoreboard channel, 5 kickoff index,
--       6 live set, 7 competition index, 8 home team index, 9 away team index
--
-- On a Redis Cluster a script may touch one slot only: it is called with KEYS 1-3 alone (one hash tag, the
-- match's), publishes the delta on the match's shard channel (SPUBLISH), and leaves the indexes and the
-- scoreboard to the caller (match-store.ts), which writes them after, idempotently.
-- ARGV: 1 base seq ('' when the diff was made against no stored match), 2 base epoch, 3 epoch for a new
--       match, 4 snapshot JSON, 5 changes JSON array, 6 kickoff ms, 7 '1' if live, 8 match id,
--       9 stream max length, 10 now ms, 11 match header JSON, 12 the parts' read tickets JSON ('' for none)
local seq = redis.call('HGET', KEYS[1], 'seq')
local epoch = redis.call('HGET', KEYS[1], 'epoch')
if not seq then
  if ARGV[1] ~= '' then return {'conflict'} end
  epoch = ARGV[3]
  seq = 0
  -- A stream left from an earlier life of this match belongs to another epoch: start it again.
  redis.call('DEL', KEYS[2])
else
  if ARGV[1] ~= seq or ARGV[2] ~= epoch then return {'conflict'} end
  seq = tonumber(seq)
end
seq = seq + 1

-- Built by concatenation: cjson would turn the empty arrays inside the changes into objects.
local delta = '{"matchId":' .. cjson.encode(ARGV[8]) .. ',"epoch":' .. cjson.encode(epoch) .. ',"seq":' .. seq ..
  ',"at":' .. ARGV[10] .. ',"changes":' .. ARGV[5] .. '}'
local entry = '{"match":' .. ARGV[11] .. ',"epoch":' .. cjson.encode(epoch) .. ',"seq":' .. seq .. '}'

redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[9], seq .. '-1', 'd', delta)
redis.call('HSET', KEYS[1], 'epoch', epoch, 'seq', seq, 'detail', ARGV[4], 'header', ARGV[11])
if ARGV[12] ~= '' then redis.call('HSET', KEYS[1], 'tickets', ARGV[12]) end
if #KEYS == 3 then
  redis.call('SPUBLISH', KEYS[3], delta)
  return {'ok', tostring(seq), epoch}
end
redis.call('ZADD', KEYS[5], ARGV[6], ARGV[8])
redis.call('ZADD', KEYS[7], ARGV[6], ARGV[8])
redis.call('ZADD', KEYS[8], ARGV[6], ARGV[8])
redis.call('ZADD', KEYS[9], ARGV[6], ARGV[8])
if ARGV[7] == '1' then redis.call('SADD', KEYS[6], ARGV[8]) else redis.call('SREM', KEYS[6], ARGV[8]) end
redis.call('PUBLISH', KEYS[3], delta)
redis.call('PUBLISH', KEYS[4], entry)
return {'ok', tostring(seq), epoch}
