"""Small data builders and child programs shared by the storage tests."""
