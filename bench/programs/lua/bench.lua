-- bench.lua: a CPU-bound mix for the Lua interpreter. Binary trees of
-- tables (allocation and the collector), n-queens (recursion over arrays),
-- word counting with string functions and closures, and a sort with a
-- comparator, all of it in several rounds (the first argument). Prints one
-- checksum line.

local rounds = tonumber((...)) or 10

-- A linear congruential generator on 64-bit integers: the same everywhere.
local seed = 88172645463325252
local function random(n)
  seed = seed * 6364136223846793005 + 1442695040888963407
  return ((seed >> 33) % n) + 1
end

local function tree(depth)
  if depth == 0 then return {} end
  return { tree(depth - 1), tree(depth - 1) }
end

local function check(t)
  if t[1] == nil then return 1 end
  return 1 + check(t[1]) + check(t[2])
end

local function trees(maxdepth)
  local sum, long = 0, tree(maxdepth)
  for depth = 4, maxdepth, 2 do
    for _ = 1, 1 << (maxdepth - depth) do
      sum = sum + check(tree(depth))
    end
  end
  return sum + check(long)
end

local function queens(n)
  local cols, diag1, diag2, count = {}, {}, {}, 0
  local function place(row)
    if row > n then count = count + 1; return end
    for c = 1, n do
      if not cols[c] and not diag1[row + c] and not diag2[row - c + n] then
        cols[c], diag1[row + c], diag2[row - c + n] = true, true, true
        place(row + 1)
        cols[c], diag1[row + c], diag2[row - c + n] = false, false, false
      end
    end
  end
  place(1)
  return count
end

local syllables = { "ka", "lo", "mi", "ne", "ru", "sa", "to", "vi", "ze", "qu" }

local function words(lines)
  local counts, parts = {}, {}
  for i = 1, lines do
    for w = 1, 12 do
      local word = {}
      for s = 1, random(3) do word[s] = syllables[random(#syllables)] end
      parts[w] = table.concat(word)
    end
    local line = table.concat(parts, " ", 1, 12) .. " " .. i
    for word in line:gmatch("%a+") do
      counts[word] = (counts[word] or 0) + 1
    end
  end
  local keys = {}
  for k in pairs(counts) do keys[#keys + 1] = k end
  table.sort(keys)
  local sum = 0
  for i, k in ipairs(keys) do sum = (sum * 31 + counts[k] * i + #k) % 1000000007 end
  return sum
end

local function sorting(n)
  local records = {}
  for i = 1, n do records[i] = { key = random(1000), id = i, name = string.format("r%05d", random(99999)) } end
  table.sort(records, function(a, b)
    if a.key ~= b.key then return a.key < b.key end
    if a.name ~= b.name then return a.name < b.name end
    return a.id < b.id
  end)
  local sum = 0
  for i = 1, n, 7 do sum = (sum * 131 + records[i].id) % 1000000007 end
  return sum
end

local sum = 0
for _ = 1, rounds do
  sum = (sum * 1000003 + trees(13)) % 1000000007
  sum = (sum * 1000003 + queens(8)) % 1000000007
  sum = (sum * 1000003 + words(4000)) % 1000000007
  sum = (sum * 1000003 + sorting(15000)) % 1000000007
end
print(string.format("lua: rounds=%d checksum=%d", rounds, sum))
