//! Slot capacity: how many orders a pickup time or a delivery window may take. The count is
//! enforced by the database (a conditional update and a CHECK, migration 17); this says what the
//! pages and the checks read of it.
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Seats {
    /// None: unlimited.
    pub capacity: Option<i32>,
    /// Orders holding the slot (not cancelled, not no-show).
    pub booked: i32,
}

impl Seats {
    /// Orders the slot can still take; None: unlimited.
    pub fn remaining(&self) -> Option<i32> {
        self.capacity.map(|c| (c - self.booked).max(0))
    }

    pub fn is_full(&self) -> bool {
        self.remaining() == Some(0)
    }
}

#[cfg(test)]
mod tests {
    use super::Seats;

    #[test]
    fn a_slot_is_full_when_its_bookings_reach_its_capacity() {
        assert_eq!(Seats::default().remaining(), None);
        assert!(!Seats { capacity: None, booked: 500 }.is_full());
        assert_eq!(Seats { capacity: Some(3), booked: 1 }.remaining(), Some(2));
        assert!(Seats { capacity: Some(3), booked: 3 }.is_full());
        assert!(Seats { capacity: Some(0), booked: 0 }.is_full());
    }
}
