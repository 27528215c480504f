//! Event sets and binary relations over the events of one candidate execution, as bit matrices.
//!
//! [`Set`] is a bitset of event indices, [`Rel`] an `n × n` row-major bit matrix (`n` events,
//! `⌈n/64⌉` words a row). The operators are the cat language's: `|` [`Rel::union`], `&`
//! [`Rel::inter`], `\` [`Rel::minus`], `;` [`Rel::seq`], `^-1` [`Rel::inverse`], `+`
//! [`Rel::plus`], `?` [`Rel::opt`], `[S]` [`Rel::id_on`], `S * T` [`Rel::product`]; the axioms
//! are [`Rel::is_empty`], [`Rel::is_irreflexive`] and [`Rel::is_acyclic`] (with witnesses:
//! [`Rel::first_pair`], [`Rel::find_cycle`]).

/// A set of events.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Set {
    words: Vec<u64>,
}

impl Set {
    /// The empty set over `n` events.
    pub fn new(n: usize) -> Set {
        Set {
            words: vec![0; n.div_ceil(64).max(1)],
        }
    }
    /// Adds `i`.
    pub fn insert(&mut self, i: usize) {
        self.words[i / 64] |= 1 << (i % 64);
    }
    /// Whether `i` is in the set.
    pub fn contains(&self, i: usize) -> bool {
        self.words
            .get(i / 64)
            .is_some_and(|w| w >> (i % 64) & 1 == 1)
    }
    /// `self ∪ o`.
    pub fn or(&self, o: &Set) -> Set {
        Set {
            words: self
                .words
                .iter()
                .zip(&o.words)
                .map(|(a, b)| a | b)
                .collect(),
        }
    }
    /// `self ∩ o`.
    pub fn and(&self, o: &Set) -> Set {
        Set {
            words: self
                .words
                .iter()
                .zip(&o.words)
                .map(|(a, b)| a & b)
                .collect(),
        }
    }
    /// The members, ascending.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        bits(&self.words)
    }
    /// No members.
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|w| *w == 0)
    }
}

fn bits(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(k, &w)| {
        let mut w = w;
        std::iter::from_fn(move || {
            if w == 0 {
                return None;
            }
            let b = w.trailing_zeros() as usize;
            w &= w - 1;
            Some(k * 64 + b)
        })
    })
}

/// A binary relation over `n` events.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Rel {
    n: usize,
    w: usize,
    bits: Vec<u64>,
}

impl Rel {
    /// The empty relation.
    pub fn new(n: usize) -> Rel {
        let w = n.div_ceil(64).max(1);
        Rel {
            n,
            w,
            bits: vec![0; n * w],
        }
    }
    /// The relation of the pairs where `f` holds.
    pub fn from_fn(n: usize, mut f: impl FnMut(usize, usize) -> bool) -> Rel {
        let mut r = Rel::new(n);
        for i in 0..n {
            for j in 0..n {
                if f(i, j) {
                    r.insert(i, j);
                }
            }
        }
        r
    }
    /// The number of events.
    pub fn len(&self) -> usize {
        self.n
    }
    /// No events at all.
    pub fn is_void(&self) -> bool {
        self.n == 0
    }
    fn row(&self, i: usize) -> &[u64] {
        &self.bits[i * self.w..(i + 1) * self.w]
    }
    fn row_mut(&mut self, i: usize) -> &mut [u64] {
        &mut self.bits[i * self.w..(i + 1) * self.w]
    }
    /// Adds `(i, j)`.
    pub fn insert(&mut self, i: usize, j: usize) {
        self.bits[i * self.w + j / 64] |= 1 << (j % 64);
    }
    /// Whether `(i, j)` is in the relation.
    pub fn contains(&self, i: usize, j: usize) -> bool {
        self.bits[i * self.w + j / 64] >> (j % 64) & 1 == 1
    }
    /// The successors of `i`.
    pub fn succ(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        bits(self.row(i))
    }
    /// All pairs, row by row.
    pub fn pairs(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        (0..self.n).flat_map(move |i| self.succ(i).map(move |j| (i, j)))
    }
    fn zip(&self, o: &Rel, f: impl Fn(u64, u64) -> u64) -> Rel {
        let bits = self
            .bits
            .iter()
            .zip(&o.bits)
            .map(|(a, b)| f(*a, *b))
            .collect();
        Rel {
            n: self.n,
            w: self.w,
            bits,
        }
    }
    /// `self | o`.
    pub fn union(&self, o: &Rel) -> Rel {
        self.zip(o, |a, b| a | b)
    }
    /// `self & o`.
    pub fn inter(&self, o: &Rel) -> Rel {
        self.zip(o, |a, b| a & b)
    }
    /// `self \ o`.
    pub fn minus(&self, o: &Rel) -> Rel {
        self.zip(o, |a, b| a & !b)
    }
    /// Adds every pair of `o`.
    pub fn union_with(&mut self, o: &Rel) {
        for (a, b) in self.bits.iter_mut().zip(&o.bits) {
            *a |= *b;
        }
    }
    /// `self ; o`.
    pub fn seq(&self, o: &Rel) -> Rel {
        let mut r = Rel::new(self.n);
        for i in 0..self.n {
            for j in bits(self.row(i)).collect::<Vec<_>>() {
                let (w, src) = (self.w, j * self.w);
                for k in 0..w {
                    r.bits[i * w + k] |= o.bits[src + k];
                }
            }
        }
        r
    }
    /// `self^-1`.
    pub fn inverse(&self) -> Rel {
        let mut r = Rel::new(self.n);
        for (i, j) in self.pairs().collect::<Vec<_>>() {
            r.insert(j, i);
        }
        r
    }
    /// The identity on `s`: `[s]`.
    pub fn id_on(s: &Set, n: usize) -> Rel {
        let mut r = Rel::new(n);
        for i in s.iter() {
            if i < n {
                r.insert(i, i);
            }
        }
        r
    }
    /// `a * b`.
    pub fn product(a: &Set, b: &Set, n: usize) -> Rel {
        let mut r = Rel::new(n);
        for i in a.iter().filter(|&i| i < n) {
            let w = r.w;
            r.row_mut(i).copy_from_slice(&b.words[..w]);
        }
        r
    }
    /// `[a]; self; [b]`.
    pub fn restrict(&self, a: &Set, b: &Set) -> Rel {
        let mut r = Rel::new(self.n);
        for i in a.iter().filter(|&i| i < self.n) {
            let (w, src) = (self.w, i * self.w);
            for k in 0..w {
                r.bits[i * w + k] = self.bits[src + k] & b.words[k];
            }
        }
        r
    }
    /// `self?` (adds the identity on all events).
    pub fn opt(&self) -> Rel {
        let mut r = self.clone();
        for i in 0..self.n {
            r.insert(i, i);
        }
        r
    }
    /// Removes the identity: `self \ id`.
    pub fn minus_id(&self) -> Rel {
        let mut r = self.clone();
        for i in 0..self.n {
            r.bits[i * self.w + i / 64] &= !(1 << (i % 64));
        }
        r
    }
    /// `self+` (Warshall).
    pub fn plus(&self) -> Rel {
        let mut r = self.clone();
        let w = self.w;
        for k in 0..self.n {
            let rowk: Vec<u64> = r.row(k).to_vec();
            for i in 0..self.n {
                if r.contains(i, k) {
                    for (x, y) in r.bits[i * w..(i + 1) * w].iter_mut().zip(&rowk) {
                        *x |= *y;
                    }
                }
            }
        }
        r
    }
    /// Adds `(a, b)` to a transitive relation and keeps it transitive.
    pub fn add_closed(&mut self, a: usize, b: usize) {
        let mut add: Vec<u64> = self.row(b).to_vec();
        add[b / 64] |= 1 << (b % 64);
        let w = self.w;
        for x in 0..self.n {
            if x == a || self.contains(x, a) {
                for (d, s) in self.bits[x * w..(x + 1) * w].iter_mut().zip(&add) {
                    *d |= *s;
                }
            }
        }
    }
    /// No pairs.
    pub fn is_empty(&self) -> bool {
        self.bits.iter().all(|w| *w == 0)
    }
    /// No `(i, i)`.
    pub fn is_irreflexive(&self) -> bool {
        (0..self.n).all(|i| !self.contains(i, i))
    }
    /// No cycle.
    pub fn is_acyclic(&self) -> bool {
        self.topo_rest().is_empty()
    }
    /// Kahn's algorithm: the events left on or behind a cycle (empty iff acyclic).
    fn topo_rest(&self) -> Vec<usize> {
        let mut indeg = vec![0usize; self.n];
        for (_, j) in self.pairs() {
            indeg[j] += 1;
        }
        let mut stack: Vec<usize> = (0..self.n).filter(|&i| indeg[i] == 0).collect();
        let mut done = vec![false; self.n];
        while let Some(i) = stack.pop() {
            done[i] = true;
            for j in self.succ(i).collect::<Vec<_>>() {
                indeg[j] -= 1;
                if indeg[j] == 0 {
                    stack.push(j);
                }
            }
        }
        (0..self.n).filter(|&i| !done[i]).collect()
    }
    /// A cycle (its events in order), if there is one.
    pub fn find_cycle(&self) -> Option<Vec<usize>> {
        let rest = self.topo_rest();
        let start = *rest.first()?;
        // Every leftover event has a leftover predecessor: walking backwards must repeat.
        let inv = self.inverse();
        let mut seen = vec![usize::MAX; self.n];
        let mut path = Vec::new();
        let mut cur = start;
        loop {
            if seen[cur] != usize::MAX {
                let mut cyc = path[seen[cur]..].to_vec();
                cyc.reverse();
                return Some(cyc);
            }
            seen[cur] = path.len();
            path.push(cur);
            cur = inv.succ(cur).find(|j| rest.contains(j))?;
        }
    }
    /// The first pair, if any.
    pub fn first_pair(&self) -> Option<(usize, usize)> {
        self.pairs().next()
    }
}
