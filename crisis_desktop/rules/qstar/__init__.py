"""What the two Q* systems (crisis and crisis-classic) share: how an attack's inputs are read, their cover from the
map, and the turn badges of the resources both keep alike. Neither system imports the other; both import this."""
