// HighCard dealt again, the rules both Node frameworks share (bench/peers/highcard.py is
// Longhall's): 3 cards each from a deck of 1..20, every seat bids 0..3 at once, then tricks
// led by the last winner; the highest card takes the trick; a seat scores its tricks, +2
// when they equal its bid; after the last trick a new hand is dealt. Pure functions only:
// each framework keeps its state its own way (bgio.js, colyseus.js).

export const HAND = 3;
export const DECK = 20;
export const BONUS = 2;

/** The hands of a new deal, from a deck the caller shuffled. */
export function hands(deck, players) {
  return Array.from({ length: players }, (_, i) => deck.slice(i * HAND, (i + 1) * HAND).sort((a, b) => a - b));
}

export function fullDeck() {
  return Array.from({ length: DECK }, (_, i) => i + 1);
}

/** The seat that takes a trick of [seat, card] pairs. */
export function winner(trick) {
  return trick.reduce((best, played) => (played[1] > best[1] ? played : best))[0];
}

export function handScore(tricks, bid) {
  return tricks + (tricks === bid ? BONUS : 0);
}
