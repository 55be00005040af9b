// A list of the living seats kept in seat order (the table's own, and the
// public record's copy of it that the players read): a death takes one seat
// out and the seats after it move down one, so a scan of the list still
// meets the seats in seat order.

/**
 * Takes `seat` out of living[0..count], with `count` the list's length
 * after (one less than before): the seats after it move down one, from the
 * end (one pass, no search first). The seat must be in the list.
 */
export function dropLiving(living: Int16Array, count: number, seat: number): void {
  let carry = living[count]!;
  for (let i = count - 1; carry !== seat; i--) {
    const x = living[i]!;
    living[i] = carry;
    carry = x;
  }
}
