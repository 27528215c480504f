//! The state of an mbarrier object (PTX ISA §9.7.13.15.2–6) and how its operations change it.
//!
//! A litmus mbarrier is one location whose value is its state σ = (phase, expected count,
//! pending arrivals, tx-count), packed into an `i64` so that the engine's reads-from and
//! coherence work on it unchanged. An arrive-on or tx operation is an RMW of σ; when pending
//! arrivals and tx-count are both zero the phase completes: "the mbarrier object transitions to
//! the next phase" and "the pending arrival count is reinitialized to the expected arrival
//! count" (§9.7.13.15.6), atomically with the operation that completed it.

/// An mbarrier's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct State {
    /// The current phase (0 at init).
    pub phase: i64,
    /// The expected arrival count.
    pub expected: i64,
    /// Pending arrivals of the current phase.
    pub pending: i64,
    /// The tx-count.
    pub tx: i64,
}

const FIELD: i64 = 1 << 16;
const HALF: i64 = FIELD / 2;

impl State {
    /// The state after init with `expected` arrivals: phase 0, nothing pending on tx.
    pub fn new(expected: i64) -> State {
        State {
            phase: 0,
            expected,
            pending: expected,
            tx: 0,
        }
    }
    /// Packs the state (16 bits a field; pending and tx are signed).
    pub fn encode(self) -> i64 {
        let f = |v: i64| (v + HALF).rem_euclid(FIELD);
        (self.phase << 48) | (f(self.expected) << 32) | (f(self.pending) << 16) | f(self.tx)
    }
    /// Unpacks [`State::encode`].
    pub fn decode(v: i64) -> State {
        let f = |k: u32| ((v >> k) & (FIELD - 1)) - HALF;
        State {
            phase: v >> 48,
            expected: f(32),
            pending: f(16),
            tx: f(0),
        }
    }
    /// `arrivals` arrive-on operations and a tx-count change of `tx` (expect-tx: +n,
    /// complete-tx: −n), then the phase completes if nothing is pending.
    pub fn apply(self, arrivals: i64, tx: i64) -> State {
        let mut s = State {
            pending: self.pending - arrivals,
            tx: self.tx + tx,
            ..self
        };
        if s.pending == 0 && s.tx == 0 {
            s.phase += 1;
            s.pending = s.expected;
        }
        s
    }
    /// What a parity wait returns: the phase of parity `parity` has completed, that is the
    /// current phase has the other parity ("an even phase has integer parity 0", §9.7.13.15.16).
    pub fn parity_complete(self, parity: i64) -> bool {
        self.phase.rem_euclid(2) != parity.rem_euclid(2)
    }
}

#[cfg(test)]
mod tests {
    use super::State;

    #[test]
    fn round_trip_and_phases() {
        let s = State::new(2);
        assert_eq!(State::decode(s.encode()), s);
        let t = s.apply(1, 1);
        assert_eq!((t.phase, t.pending, t.tx), (0, 1, 1));
        assert_eq!(State::decode(t.encode()), t);
        let u = t.apply(0, -2).apply(1, 1);
        assert_eq!((u.phase, u.pending, u.tx), (1, 2, 0));
        assert!(u.parity_complete(0) && !u.parity_complete(1));
        assert!(
            s.parity_complete(1),
            "phase 0: the 'preceding phase' of parity 1 is complete"
        );
    }
}
