// Shared checks for order responses.
client.test("Order is open", function () {
  client.assert(response.status === 200, "Expected 200");
  client.assert(response.body.status === "open", "Order should be open");
  client.assert(response.body.lines.length > 0);
});
for (const line of response.body.lines) {
  client.assert(line.quantity > 0, "quantity must be positive");
}
