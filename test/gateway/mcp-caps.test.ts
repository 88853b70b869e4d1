import { Registry } from "prom-client";
import { OpenRequests } from "../../gateway/src/mcp/open-requests";

/**
 * The desk's caps on open /mcp requests, shared by the replicas alive: each lets in its part (the cap divided by the
 * replicas, at least one), so the replicas behind a balancer never hold more than the desk's caps in all.
 */
function openOn(replicas: () => number) {
  return new OpenRequests(new Registry(), replicas, { maxOpenPerUser: 16, maxOpen: 100 });
}

test("one replica lets a user have 16 open; with two alive, 8 each; with three, 5", () => {
  let alive = 1;
  const open = openOn(() => alive);
  const slots = Array.from({ length: 16 }, () => open.enter("alice"));
  expect(slots.every((slot) => typeof slot !== "string")).toBe(true);
  expect(open.enter("alice")).toBe("user_cap");
  for (const slot of slots) if (typeof slot !== "string") slot.close();
  for (const [replicas, part] of [
    [2, 8],
    [3, 5],
  ] as const) {
    alive = replicas;
    const mine = Array.from({ length: part }, () => open.enter("alice"));
    expect(mine.every((slot) => typeof slot !== "string")).toBe(true);
    expect(open.enter("alice")).toBe("user_cap");
    for (const slot of mine) if (typeof slot !== "string") slot.close();
    expect(open.open).toBe(0);
  }
});

test("the desk's cap is shared the same way, and a closed request frees its place once", () => {
  const open = openOn(() => 4);
  const slots = Array.from({ length: 25 }, (_, i) => open.enter(`user${i}`));
  expect(open.enter("one-more")).toBe("desk_cap");
  const first = slots[0];
  if (first === undefined || typeof first === "string") throw new Error("the first request was refused");
  first.close();
  first.close();
  expect(open.open).toBe(24);
  expect(typeof open.enter("one-more")).not.toBe("string");
  expect(open.enter("and-another")).toBe("desk_cap");
});
